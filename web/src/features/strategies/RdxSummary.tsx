import { useRdxConfig } from '../rdx/rdx-config-query';
import { strikeTexts } from '../rdx/rdx-display';

/**
 * A row's RDX data (lot count, ATM, CE/PE strikes). SPEC §4: when the config fetch fails
 * (or there is none) the row shows no RDX data. Before the first ATM no strikes are shown.
 */
export function RdxSummary({ mappingId }: { mappingId: number }) {
  const config = useRdxConfig(mappingId);
  if (!config.data) return null;
  const { rdx_lot_count: lots, atm_value: atm, offset_value: offset, interval } = config.data;
  const texts = strikeTexts(atm, offset);
  return (
    <span className="rdx-summary" data-testid="rdx-summary">
      <span>
        Lots {lots} · {interval} · ATM {texts.atm}
      </span>
      {atm > 0 && (
        <span>
          CE {texts.ce} · PE {texts.pe}
        </span>
      )}
    </span>
  );
}
