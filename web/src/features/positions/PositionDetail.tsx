import type { Position, PositionLeg } from '@app/contract';
import { formatInr, formatPrice, formatQuantity, sideOf } from '../../lib/format';
import { chargesLabel, formatPnl, kiteQuantity, pnlClass } from './pnl-display';
import './positions.css';

function LegRow({ leg }: { leg: PositionLeg }) {
  const { side } = sideOf(leg.quantity);
  return (
    <tr data-testid="position-leg">
      <td className="leg-symbol">{leg.trading_symbol}</td>
      <td data-label="Side" className={side === 'SELL' ? 'side-sell' : 'side-buy'}>
        {side}
      </td>
      <td data-label="Qty" className="num">
        {formatQuantity(kiteQuantity(leg.quantity))}
      </td>
      <td data-label="Entry" className="num">
        {formatPrice(leg.entry_price)}
      </td>
      <td data-label="LTP" className="num">
        {leg.ltp === null ? '-' : formatPrice(leg.ltp)}
        {leg.ltp_is_stale && (
          <span className="ltp-stale" title="No live quote could be had: marked at the last fill's price">
            last fill
          </span>
        )}
      </td>
      <td data-label="P&L" className={`num ${pnlClass(leg.unrealized_pnl)}`}>
        {formatPnl(leg.unrealized_pnl).text}
      </td>
    </tr>
  );
}

function Figure({ label, children, className }: { label: string; children: string; className?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/**
 * What an expanded Active Strategies row shows: the strategy's open legs (side; quantity signed as Kite signs a
 * position, so a short reads -50 on both screens; FIFO entry, last price, unrealized P&L) and its totals since it
 * started trading: realized, unrealized, charges (an estimate while they include today's) and net. A leg marked at its last fill (no live quote)
 * says so.
 */
export function PositionDetail({ position, onChart }: { position: Position; onChart: () => void }) {
  return (
    <div className="position-detail">
      {position.legs.length === 0 ? (
        <p className="muted">No open legs.</p>
      ) : (
        <div className="table-wrap">
          <table className="table position-legs" aria-label="Open legs">
            <thead>
              <tr>
                <th>Symbol</th>
                <th>Side</th>
                <th className="num" title="As Kite shows it: sold (short) is negative">
                  Qty
                </th>
                <th className="num">Entry</th>
                <th className="num">LTP</th>
                <th className="num">P&amp;L</th>
              </tr>
            </thead>
            <tbody>
              {position.legs.map((leg) => (
                <LegRow key={leg.trading_symbol} leg={leg} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="position-detail-footer">
        <dl className="position-figures" aria-label="Strategy P&L">
          <Figure label="Realized" className={pnlClass(position.realized_pnl)}>
            {formatPnl(position.realized_pnl).text}
          </Figure>
          <Figure label="Unrealized" className={pnlClass(position.unrealized_pnl)}>
            {formatPnl(position.unrealized_pnl).text}
          </Figure>
          <Figure label={chargesLabel(position.charges_final)} className="pnl-cost">
            {formatInr(position.charges)}
          </Figure>
          <Figure label="Net" className={pnlClass(position.net_pnl)}>
            {formatPnl(position.net_pnl).text}
          </Figure>
        </dl>
        <button type="button" onClick={onChart}>
          Chart
        </button>
      </div>
    </div>
  );
}
