import { rdxStrikes } from '@app/contract';
import { useRdxConfig } from '../rdx/rdx-config-query';

/**
 * A row's RDX data (lot count, ATM, CE/PE strikes). SPEC §4: when the config fetch fails
 * (or there is none) the row shows no RDX data.
 */
export function RdxSummary({ mappingId }: { mappingId: number }) {
  const config = useRdxConfig(mappingId);
  if (!config.data) return null;
  const { rdx_lot_count: lots, atm_value: atm, offset_value: offset } = config.data;
  const strikes = rdxStrikes(atm, offset);
  return (
    <span className="rdx-summary" data-testid="rdx-summary">
      <span>
        Lots {lots} · ATM {atm}
      </span>
      <span>
        CE {strikes.ce} · PE {strikes.pe}
      </span>
    </span>
  );
}
