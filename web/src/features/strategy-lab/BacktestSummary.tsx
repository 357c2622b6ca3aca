import type { Backtest, BacktestSummary as Summary } from '@app/contract';
import { formatInr, formatQuantity } from '../../lib/format';
import { formatPnl, pnlClass } from '../positions/pnl-display';
import { legsConfigOfRun } from './backtest-form';
import { LegsSummary } from './LegsSummary';
import {
  assumptionText,
  missingPricesText,
  ordersText,
  rangeText,
  settingsText,
  sourceText,
  winRateText,
} from './backtest-display';

function Figure({ label, children, className }: { label: string; children: string; className?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className} data-testid={`figure-${label}`}>
        {children}
      </dd>
    </div>
  );
}

/**
 * A finished run's figures as the P&L strip shows a day's: net first, then realized, charges (a cost, no
 * colour), the deepest drawdown, win rate, trades, the orders live would have sent (slices counted) and days; then what it assumed, and any prices it lacked.
 */
export function BacktestSummary({ run, summary }: { run: Backtest; summary: Summary }) {
  const missing = missingPricesText(summary.missing_prices);
  const orders = ordersText(summary.orders);
  const legs = legsConfigOfRun(run);
  return (
    <div className="lab-summary">
      <dl className="lab-figures" aria-label="Backtest summary">
        <Figure label="Net P&L" className={pnlClass(summary.net_pnl)}>
          {formatPnl(summary.net_pnl).text}
        </Figure>
        <Figure label="Realized" className={pnlClass(summary.realized_pnl)}>
          {formatPnl(summary.realized_pnl).text}
        </Figure>
        <Figure label="Charges" className="pnl-cost">
          {formatInr(summary.charges)}
        </Figure>
        <Figure label="Max drawdown" className={summary.max_drawdown > 0 ? 'pnl pnl-down' : 'pnl-cost'}>
          {summary.max_drawdown > 0 ? `−${formatInr(summary.max_drawdown)}` : formatInr(0)}
        </Figure>
        <Figure label="Win rate">{winRateText(summary.win_rate)}</Figure>
        <Figure label="Trades">{formatQuantity(summary.trades)}</Figure>
        {orders && <Figure label="Orders">{orders}</Figure>}
        <Figure label="Days">{formatQuantity(summary.days)}</Figure>
      </dl>
      <p className="muted lab-line" data-testid="backtest-settings">
        {run.strategy_name} on {run.instrument_name}, {rangeText(run)}: {settingsText(run)}; prices {sourceText(run)}.
      </p>
      {legs && <LegsSummary config={legs} instrumentId={run.instrument_id} />}
      <p className="muted lab-line" data-testid="backtest-assumed">
        {assumptionText(run)}
      </p>
      {missing && (
        <p className="lab-missing" role="note" data-testid="backtest-missing">
          {missing}
        </p>
      )}
    </div>
  );
}
