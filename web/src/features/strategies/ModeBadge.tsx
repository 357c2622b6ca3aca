import { useExchange } from '../../components/exchange';
import { modeLabel, modeWord } from './strategy-display';

/**
 * A strategy's or fill's mode badge: DUMMY (amber) or LIVE (red), "LIVE · SANDBOX" while the console trades
 * on its sandbox exchange; the tooltip says what the mode means.
 */
export function ModeBadge({ isDummy }: { isDummy: number }) {
  const exchange = useExchange();
  return (
    <span className={`badge ${isDummy === 1 ? 'dummy' : 'live'}`} title={modeWord(isDummy, exchange)}>
      {modeLabel(isDummy, exchange)}
    </span>
  );
}
