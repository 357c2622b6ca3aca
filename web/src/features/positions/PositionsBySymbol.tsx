import { api, type Mapping } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call, messageOf } from '../../api/client';
import { ContractName } from '../../components/ContractName';
import { useMappings } from '../strategies/useMappings';
import { BY_SYMBOL_POLL_MS, bySymbolKey, symbolRowText } from './positions-by-symbol-display';
import { DAY_PNL_TITLE } from './pnl-display';
import './positions.css';
import './positions-by-symbol.css';

const FAILED = 'Failed to load the positions';
const MTM_TITLE = 'Realized + unrealized P&L since the contract was first traded, before charges';

/**
 * The trader's open positions per contract (issue 32 item 1), netted across their strategies and accounts as
 * Kite's positions screen nets an account, so the two can be held side by side. Each strategy holding a
 * contract is a button that goes to its row on Home.
 */
export function PositionsBySymbol({ onOpenStrategy }: { onOpenStrategy: (mappingId: number) => void }) {
  const positions = useQuery({
    queryKey: bySymbolKey(),
    queryFn: () => call(api.positions.bySymbol),
    refetchInterval: BY_SYMBOL_POLL_MS,
  });
  const mappings = useMappings('mine');
  const byId = useMemo(() => new Map<number, Mapping>((mappings.data ?? []).map((m) => [m.id, m])), [mappings.data]);
  const rows = (positions.data?.positions ?? []).map((p) => symbolRowText(p, byId));
  return (
    <div className="card">
      {positions.isPending && <p className="muted">Loading the positions...</p>}
      {positions.isError && (
        <div className="message message-error" role="alert">
          {messageOf(positions.error, FAILED)}
        </div>
      )}
      {positions.data && rows.length === 0 && <p className="muted">No open positions.</p>}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="table cards-narrow positions-by-symbol" aria-label="Positions by contract">
            <thead>
              <tr>
                <th>Contract</th>
                <th className="num">Qty</th>
                <th className="num">Avg</th>
                <th className="num">LTP</th>
                <th className="num" title={DAY_PNL_TITLE}>
                  Day P&amp;L
                </th>
                <th className="num" title={MTM_TITLE}>
                  MTM
                </th>
                <th>Strategies</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.symbol} data-testid={`symbol-position-${r.symbol}`}>
                  <td data-label="Contract">
                    <ContractName symbol={r.symbol} />
                  </td>
                  <td data-label="Qty" className={r.isShort ? 'num qty-short' : 'num qty-long'}>
                    {r.quantity}
                  </td>
                  <td data-label="Avg" className="num">
                    {r.average}
                  </td>
                  <td data-label="LTP" className="num" {...(r.ltpNote ? { title: r.ltpNote } : {})}>
                    {r.ltp}
                    {r.ltpNote && <span className="muted"> (last fill)</span>}
                  </td>
                  <td data-label="Day P&L" className="num" title={r.dayPnl.title}>
                    <span className={r.dayPnl.tone ? `pnl pnl-${r.dayPnl.tone}` : undefined}>{r.dayPnl.text}</span>
                  </td>
                  <td data-label="MTM" className="num">
                    <span className={`pnl pnl-${r.mtm.tone}`}>{r.mtm.text}</span>
                  </td>
                  <td data-label="Strategies">
                    <div className="holder-buttons">
                      {r.holders.map((h) => (
                        <button key={h.id} type="button" onClick={() => onOpenStrategy(h.id)}>
                          {h.label}
                        </button>
                      ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * Brings a strategy's Active Strategies row into view and marks it a moment, once Home has drawn it (its rows
 * come from the cache at once, or after their read).
 */
export function revealStrategyRow(mappingId: number, triesLeft = 20): void {
  const row = document.querySelector<HTMLElement>(`[data-testid="active-strategy-${mappingId}"]`);
  if (!row) {
    if (triesLeft > 0) setTimeout(() => revealStrategyRow(mappingId, triesLeft - 1), 100);
    return;
  }
  row.scrollIntoView({ block: 'center' });
  row.classList.add('strategy-row-revealed');
  setTimeout(() => row.classList.remove('strategy-row-revealed'), 2500);
}
