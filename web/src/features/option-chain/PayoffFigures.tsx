import type { Payoff } from '@app/contract';
import { payoffSummary } from './payoff-legs';
import { PayoffChart } from './PayoffChart';
import './option-chain.css';

/**
 * A payoff as every screen that draws one shows it (the Option Chain's calculator, a running strategy's legs):
 * breakevens, max profit and max loss above the chart of the P&L at expiry and today. `isBusy` while a newer
 * answer is on its way (the last one stays drawn meanwhile).
 */
export function PayoffFigures({ payoff, isBusy }: { payoff: Payoff; isBusy: boolean }) {
  return (
    <div className="stack" aria-busy={isBusy}>
      <dl className="oc-facts oc-summary">
        {payoffSummary(payoff).map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd data-testid={f.testId}>{f.value}</dd>
          </div>
        ))}
      </dl>
      <PayoffChart payoff={payoff} />
    </div>
  );
}
