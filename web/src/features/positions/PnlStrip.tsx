import type { PnlFigures } from '@app/contract';
import { formatInr, formatTimeIst } from '../../lib/format';
import { formatPnl, pnlClass } from './pnl-display';
import './positions.css';

function Figure({ label, rupees, isCost = false }: { label: string; rupees: number; isCost?: boolean }) {
  // Charges are a cost, not a result: shown as an amount, without profit/loss colour or sign.
  return (
    <div>
      <dt>{label}</dt>
      <dd className={isCost ? 'pnl-cost' : pnlClass(rupees)}>{isCost ? formatInr(rupees) : formatPnl(rupees).text}</dd>
    </div>
  );
}

/**
 * Today's P&L above the Active Strategies table: realized, unrealized, estimated charges and net across
 * the listed strategies (the user's own, or every user's for an admin), for the IST calendar day.
 */
export function PnlStrip({ today, asOf, scopeLabel }: { today: PnlFigures; asOf: string; scopeLabel?: string }) {
  return (
    <section className="pnl-strip" aria-labelledby="pnl-strip-title">
      <div className="pnl-strip-header">
        <h3 id="pnl-strip-title">Today (IST){scopeLabel ? `, ${scopeLabel}` : ''}</h3>
        <span className="muted pnl-strip-note">
          Charges are estimated (Zerodha F&amp;O rates) · as of {formatTimeIst(asOf)}
        </span>
      </div>
      <dl className="pnl-strip-figures" aria-label="Today's P&L">
        <Figure label="Realized" rupees={today.realized_pnl} />
        <Figure label="Unrealized" rupees={today.unrealized_pnl} />
        <Figure label="Charges (est.)" rupees={today.charges} isCost />
        <Figure label="Net" rupees={today.net_pnl} />
      </dl>
    </section>
  );
}
