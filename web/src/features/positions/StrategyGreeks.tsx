import type { GreeksTotals, PositionLeg } from '@app/contract';
import { ContractName } from '../../components/ContractName';
import {
  formatDelta,
  formatGamma,
  formatIv,
  formatTheta,
  formatVega,
  leftOutNote,
  NO_GREEKS_TITLE,
} from './greeks-display';
import { pnlClass } from './pnl-display';

/** What each column means, on hover (docs/ANALYTICS.md "Greeks on positions"). */
const HEADS = [
  { name: 'IV', title: 'Implied volatility of the last price (Black-76)' },
  { name: 'Delta', title: 'Units of the underlying per point (a sold call is negative)' },
  { name: 'Gamma', title: 'Change of delta per point of the underlying' },
  { name: 'Theta', title: 'Rupees a trading day (a sold option earns it)' },
  { name: 'Vega', title: 'Rupees per vol point (IV up by 1)' },
] as const;

/** One leg's IV and greeks; dashes, with why on hover, when its price implies no IV. */
function LegGreeksRow({ leg }: { leg: PositionLeg }) {
  const g = leg.greeks;
  const cells: Array<[string, string, string?]> = g
    ? [
        ['IV', formatIv(g.iv)],
        ['Delta', formatDelta(g.delta)],
        ['Gamma', formatGamma(g.gamma)],
        ['Theta', formatTheta(g.theta), pnlClass(g.theta)],
        ['Vega', formatVega(g.vega)],
      ]
    : HEADS.map((h) => [h.name, '-', 'muted']);
  return (
    <tr data-testid="greeks-leg">
      <td className="leg-symbol">
        <ContractName symbol={leg.trading_symbol} expiry={leg.expiry} />
      </td>
      {cells.map(([label, text, className]) => (
        <td
          key={label}
          data-label={label}
          className={`num${className ? ` ${className}` : ''}`}
          {...(g ? {} : { title: NO_GREEKS_TITLE })}
        >
          {text}
        </td>
      ))}
    </tr>
  );
}

/**
 * A strategy's greeks (issue 34): each open leg's IV, delta, gamma, theta and vega for the units held, and the
 * strategy's sums beneath (IV is not summed), saying how many legs without greeks the sums leave out. The figures
 * are the positions reply's, so they move with every `positions_updated`.
 */
export function StrategyGreeks({ legs, totals }: { legs: readonly PositionLeg[]; totals: GreeksTotals }) {
  const note = leftOutNote(totals);
  return (
    <div className="strategy-greeks">
      {/* On a phone the table's head is hidden and each leg is a card: this names the cards. */}
      <h4 className="greeks-heading" aria-hidden="true">
        Greeks
      </h4>
      <div className="table-wrap">
        <table className="table position-legs greeks-table" aria-label="Strategy greeks">
          <thead>
            <tr>
              <th>Greeks</th>
              {HEADS.map((h) => (
                <th key={h.name} className="num" title={h.title}>
                  {h.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {legs.map((leg) => (
              <LegGreeksRow key={leg.trading_symbol} leg={leg} />
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="greeks-total">
              <th scope="row">Strategy</th>
              <td data-label="IV" className="num muted greeks-total-iv" title="IV is not summed">
                -
              </td>
              <td data-label="Delta" className="num">
                {formatDelta(totals.delta)}
              </td>
              <td data-label="Gamma" className="num">
                {formatGamma(totals.gamma)}
              </td>
              <td data-label="Theta" className={`num ${pnlClass(totals.theta)}`}>
                {formatTheta(totals.theta)}
              </td>
              <td data-label="Vega" className="num">
                {formatVega(totals.vega)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {note && (
        <span className="muted position-greeks-note" title={NO_GREEKS_TITLE}>
          {note}
        </span>
      )}
    </div>
  );
}
