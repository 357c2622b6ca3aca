import type { Mapping } from '@app/contract';
import { useRdxConfig } from './rdx-config-query';
import { heldSizeNote, strikeTexts } from './rdx-display';

/**
 * A row's RDX data (lot count, ATM, CE/PE strikes). SPEC §4: when the config fetch fails
 * (or there is none) the row shows no RDX data. Before the first ATM no strikes are shown. When the legs
 * held are another size than the lot count (edited while holding), it says so.
 */
export function RdxSummary({ mapping }: { mapping: Mapping }) {
  const config = useRdxConfig(mapping.id);
  if (!config.data) return null;
  const { rdx_lot_count: lots, atm_value: atm, offset_value: offset, interval } = config.data;
  const texts = strikeTexts(atm, offset);
  const sizeNote = heldSizeNote(mapping, lots);
  return (
    <span className="rdx-summary" data-testid="rdx-summary">
      {/* A narrow column wraps between the parts, never inside one ("ATM 10,200" stays whole). */}
      <span>
        {`Lots\u00a0${lots}`} · {interval} · {`ATM\u00a0${texts.atm}`}
      </span>
      {atm > 0 && (
        <span>
          {`CE\u00a0${texts.ce}`} · {`PE\u00a0${texts.pe}`}
        </span>
      )}
      {sizeNote && <span className="muted rdx-size-note">{sizeNote}</span>}
    </span>
  );
}
