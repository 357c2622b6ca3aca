import type { BrokerWay, Position, PositionLeg } from '@app/contract';
import { formatInr, formatPrice, formatQuantity, sideOf } from '../../lib/format';
import { StrategyGreeks } from './StrategyGreeks';
import { StrategyPayoff } from './StrategyPayoff';
import { chargesLabel, DAY_PNL_TITLE, formatPnl, kiteQuantity, pnlClass } from './pnl-display';
import './positions.css';
import { ContractName } from '../../components/ContractName';

function LegRow({ leg }: { leg: PositionLeg }) {
  const { side } = sideOf(leg.quantity);
  return (
    <tr data-testid="position-leg">
      <td className="leg-symbol">
        <ContractName symbol={leg.trading_symbol} expiry={leg.expiry} />
      </td>
      <td data-label="Side" className={side === 'SELL' ? 'side-sell' : 'side-buy'}>
        {side}
      </td>
      <td data-label="Qty" className="num">
        {formatQuantity(kiteQuantity(leg.quantity))}
      </td>
      <td data-label="Entry" className="num">
        {formatPrice(leg.entry_price)}
      </td>
      <td data-label="Kite avg" className="num broker-way-cell">
        {formatPrice(leg.broker_way.average_price)}
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
      <DayPnlCell dayPnl={leg.broker_way.day_pnl} />
    </tr>
  );
}

/** Kite's day P&L of a leg; a dash when it was held overnight and its previous close is not known. */
function DayPnlCell({ dayPnl }: { dayPnl: number | null }) {
  if (dayPnl === null) {
    return (
      <td data-label="Kite day P&L" className="num broker-way-cell" title="Previous close not known yet">
        -
      </td>
    );
  }
  return (
    <td data-label="Kite day P&L" className={`num broker-way-cell ${pnlClass(dayPnl)}`}>
      {formatPnl(dayPnl).text}
    </td>
  );
}

/**
 * The strategy's P&L as Kite's positions screen computes it (issue 28), to hold the console against Kite:
 * realized/unrealized split at the average price (same sum as ours), and the day's P&L from the previous close.
 */
function BrokerWayFigures({ brokerWay }: { brokerWay: BrokerWay }) {
  return (
    <div className="broker-way">
      <span className="broker-way-title" title="The same fills as Kite's positions screen computes them">
        Kite&apos;s way
      </span>
      <dl className="position-figures" aria-label="Kite's way">
        <Figure label="Realized (avg)" className={pnlClass(brokerWay.realized_pnl)}>
          {formatPnl(brokerWay.realized_pnl).text}
        </Figure>
        <Figure label="Unrealized (avg)" className={pnlClass(brokerWay.unrealized_pnl)}>
          {formatPnl(brokerWay.unrealized_pnl).text}
        </Figure>
        <Figure
          label="Day P&L"
          className={brokerWay.day_pnl === null ? 'muted' : pnlClass(brokerWay.day_pnl)}
          title={DAY_PNL_TITLE}
        >
          {brokerWay.day_pnl === null ? '-' : formatPnl(brokerWay.day_pnl).text}
        </Figure>
      </dl>
    </div>
  );
}

function Figure({
  label,
  children,
  className,
  title,
}: {
  label: string;
  children: string;
  className?: string;
  title?: string;
}) {
  return (
    <div title={title}>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/**
 * What an expanded Active Strategies row shows: the strategy's open legs (side; quantity signed as Kite signs a
 * position, so a short reads -50 on both screens; FIFO entry, last price, unrealized P&L) and its totals since it
 * started trading: realized, unrealized, charges (an estimate while they include today's) and net. A leg marked at its last fill (no live quote)
 * says so. Beside ours, Kite's way (issue 28): its average price and day P&L per leg, and the strategy's
 * average-price split and day P&L, so the trader can hold this screen against Kite's positions. Each leg's IV,
 * delta, gamma, theta and vega and the strategy's sums (issue 34), live as the positions move; and the open legs'
 * payoff at expiry and today (issue 34), asked again when the legs change.
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
                <th className="num" title="FIFO: the oldest open lots first">
                  Entry
                </th>
                <th className="num broker-way-cell" title="Kite's average price of what is held">
                  Kite avg
                </th>
                <th className="num">LTP</th>
                <th className="num">P&amp;L</th>
                <th className="num broker-way-cell" title={DAY_PNL_TITLE}>
                  Kite day P&amp;L
                </th>
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
      {position.legs.length > 0 && <StrategyGreeks legs={position.legs} totals={position.greeks} />}
      {position.legs.length > 0 && <StrategyPayoff instrumentName={position.instrument_name} legs={position.legs} />}
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
        <BrokerWayFigures brokerWay={position.broker_way} />
        <button type="button" onClick={onChart}>
          Chart
        </button>
      </div>
    </div>
  );
}
