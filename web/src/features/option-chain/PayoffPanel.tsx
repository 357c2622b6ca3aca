import { PAYOFF_LIMITS, type OptionChain, type PayoffRequest } from '@app/contract';
import { useMemo, useState } from 'react';
import { formatStrike, serverWords } from './chain-display';
import { LegsEditor } from './LegsEditor';
import {
  addLeg,
  canAddLeg,
  netPremium,
  payoffRequest,
  removeLeg,
  signedInr,
  updateLeg,
  type LegDraft,
  type OptionType,
  type Side,
} from './payoff-legs';
import { PayoffFigures } from './PayoffFigures';
import { usePayoff, useSettled } from './useOptionChain';

const FAILED = 'Could not draw the payoff';

interface Props {
  instrumentId: number;
  lotSize: number;
  chain: OptionChain | undefined;
  atm: number | null;
  legs: LegDraft[];
  onLegsChange: (legs: LegDraft[]) => void;
}

/** Type, side and strike of a leg to add by hand (a price in the chain adds one in a click). */
function AddLegForm({
  chain,
  atm,
  legs,
  onAdd,
}: Pick<Props, 'chain' | 'atm' | 'legs'> & { onAdd: (strike: number, type: OptionType, side: Side) => void }) {
  const [type, setType] = useState<OptionType>('CE');
  const [side, setSide] = useState<Side>('BUY');
  const [strike, setStrike] = useState<number | null>(null);
  const strikes = chain?.strikes.map((s) => s.strike) ?? [];
  const chosen = strike !== null && strikes.includes(strike) ? strike : atm;
  return (
    <form
      className="oc-add-leg"
      aria-label="Add a leg"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen !== null) onAdd(chosen, type, side);
      }}
    >
      <label>
        Type
        <select value={type} onChange={(e) => setType(e.target.value as OptionType)}>
          <option value="CE">CE</option>
          <option value="PE">PE</option>
        </select>
      </label>
      <label>
        Side
        <select value={side} onChange={(e) => setSide(e.target.value as Side)}>
          <option value="BUY">BUY</option>
          <option value="SELL">SELL</option>
        </select>
      </label>
      <label>
        Strike
        <select value={chosen ?? ''} onChange={(e) => setStrike(Number(e.target.value))} disabled={!chain}>
          {strikes.map((s) => (
            <option key={s} value={s}>
              {formatStrike(s)}
              {s === atm ? ' (ATM)' : ''}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={!chain || chosen === null || !canAddLeg(legs)}>
        Add leg
      </button>
    </form>
  );
}

/** The settled payoff call for the legs: the same legs typed the same way are one request (one cache key). */
function useSettledRequest(instrumentId: number, legs: LegDraft[]) {
  const built = payoffRequest(instrumentId, legs);
  const json = legs.length > 0 && built.ok ? JSON.stringify(built.request) : null;
  const settled = useSettled(json, 300);
  const request = useMemo(() => (settled ? (JSON.parse(settled) as PayoffRequest) : null), [settled]);
  return { request, refusal: legs.length > 0 && !built.ok ? built.error : null, isCurrent: settled === json };
}

/**
 * The payoff calculator (docs/ANALYTICS.md, `POST /analytics/payoff`): the trader's legs, and from the server the
 * P&L at expiry and today, the breakevens and the extremes. A leg the contract refuses is named in its words
 * before anything is asked; the server's refusal is shown as it says it.
 */
export function PayoffPanel({ instrumentId, lotSize, chain, atm, legs, onLegsChange }: Props) {
  const { request, refusal, isCurrent } = useSettledRequest(instrumentId, legs);
  const payoff = usePayoff(refusal ? null : request);
  const shown = legs.length > 0 && !refusal ? payoff.data : undefined;
  const premium = netPremium(legs, lotSize);
  return (
    <section className="card stack" aria-labelledby="payoff-title">
      <div className="view-header">
        <h3 id="payoff-title">Payoff</h3>
        {legs.length > 0 && (
          <button type="button" onClick={() => onLegsChange([])}>
            Clear legs
          </button>
        )}
      </div>
      <p className="muted">
        Click a price in the chain to add that option on the side chosen above it, or add a leg here. 1 lot ={' '}
        {lotSize.toLocaleString('en-IN')} units; at most {PAYOFF_LIMITS.maxLegs} legs.
      </p>
      <AddLegForm
        chain={chain}
        atm={atm}
        legs={legs}
        onAdd={(strike, type, side) => chain && onLegsChange(addLeg(legs, chain, strike, type, side))}
      />
      {legs.length > 0 && (
        <LegsEditor
          legs={legs}
          strikes={chain?.strikes.map((s) => s.strike) ?? []}
          onChange={(key, patch) => onLegsChange(updateLeg(legs, key, patch, chain))}
          onRemove={(key) => onLegsChange(removeLeg(legs, key))}
        />
      )}
      {legs.length > 0 && premium !== null && (
        <p data-testid="payoff-premium">
          Net premium: <strong>{signedInr(premium)}</strong>{' '}
          <span className="muted">({premium >= 0 ? 'received' : 'paid'})</span>
        </p>
      )}
      {refusal && (
        <div className="message message-error" role="alert">
          {refusal}
        </div>
      )}
      {!refusal && payoff.isError && (
        <div className="message message-error" role="alert">
          {serverWords(payoff.error, FAILED)}
        </div>
      )}
      {legs.length > 0 && !refusal && !shown && payoff.isFetching && <p className="muted">Drawing the payoff...</p>}
      {shown && !payoff.isError && <PayoffFigures payoff={shown} isBusy={payoff.isFetching || !isCurrent} />}
    </section>
  );
}
