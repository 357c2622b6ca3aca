import { formatStrike } from './chain-display';
import type { LegDraft, LegPatch, OptionType, Side } from './payoff-legs';

interface Props {
  legs: LegDraft[];
  /** The strikes a leg may be moved to (the chain's window). */
  strikes: number[];
  onChange: (key: number, patch: LegPatch) => void;
  onRemove: (key: number) => void;
}

/** The strikes a leg's picker offers: the chain's, and the leg's own when the window has moved past it. */
function strikeChoices(strikes: number[], own: number): number[] {
  return strikes.includes(own) ? strikes : [...strikes, own].sort((a, b) => a - b);
}

/**
 * The payoff's legs, each editable in place: type, side, strike (from the chain), lots and the price a unit was
 * or would be traded at (prefilled from the chain's LTP). On a phone each leg is a card of labelled fields.
 */
export function LegsEditor({ legs, strikes, onChange, onRemove }: Props) {
  return (
    <div className="table-wrap">
      <table className="table cards-narrow oc-legs" aria-label="Payoff legs">
        <thead>
          <tr>
            <th>#</th>
            <th>Type</th>
            <th>Side</th>
            <th>Strike</th>
            <th>Expiry</th>
            <th>Lots</th>
            <th>Price (₹)</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {legs.map((leg, i) => {
            const name = `Leg ${i + 1}`;
            return (
              <tr key={leg.key} data-testid={`leg-${i + 1}`}>
                <td data-label="Leg">{i + 1}</td>
                <td data-label="Type">
                  <select
                    aria-label={`${name} type`}
                    value={leg.option_type}
                    onChange={(e) => onChange(leg.key, { option_type: e.target.value as OptionType })}
                  >
                    <option value="CE">CE</option>
                    <option value="PE">PE</option>
                  </select>
                </td>
                <td data-label="Side">
                  <select
                    aria-label={`${name} side`}
                    className={leg.side === 'SELL' ? 'side-sell' : 'side-buy'}
                    value={leg.side}
                    onChange={(e) => onChange(leg.key, { side: e.target.value as Side })}
                  >
                    <option value="BUY">BUY</option>
                    <option value="SELL">SELL</option>
                  </select>
                </td>
                <td data-label="Strike">
                  <select
                    aria-label={`${name} strike`}
                    value={leg.strike}
                    onChange={(e) => onChange(leg.key, { strike: Number(e.target.value) })}
                  >
                    {strikeChoices(strikes, leg.strike).map((s) => (
                      <option key={s} value={s}>
                        {formatStrike(s)}
                      </option>
                    ))}
                  </select>
                </td>
                <td data-label="Expiry">{leg.expiry}</td>
                <td data-label="Lots">
                  <input
                    aria-label={`${name} lots`}
                    className="oc-lots"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    value={leg.lots}
                    onChange={(e) => onChange(leg.key, { lots: e.target.value })}
                  />
                </td>
                <td data-label="Price (₹)">
                  <input
                    aria-label={`${name} price`}
                    className="oc-price"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.05}
                    value={leg.price}
                    onChange={(e) => onChange(leg.key, { price: e.target.value })}
                  />
                </td>
                <td data-label="Actions">
                  <button
                    type="button"
                    className="danger"
                    onClick={() => onRemove(leg.key)}
                    aria-label={`Remove ${name.toLowerCase()}`}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
