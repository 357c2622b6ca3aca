import { Message, useFlash } from '../../components/Message';
import { MappingEditor } from './MappingEditor';

/** The user's Strategies view: the mapping form and 'Existing Strategy Mappings' (SPEC §2). */
export function MappingScreen() {
  const { flash, show, clear } = useFlash();
  return (
    <div className="stack">
      <Message flash={flash} onClose={clear} />
      <MappingEditor scope="mine" notify={show} clearMessage={clear} />
    </div>
  );
}
