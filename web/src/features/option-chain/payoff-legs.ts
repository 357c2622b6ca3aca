import {
  PAYOFF_LIMITS,
  PayoffRequestSchema,
  toPaise,
  toRupees,
  type ChainStrike,
  type OptionChain,
  type Payoff,
  type PayoffRequest,
} from '@app/contract';
import { formatInr } from '../../lib/format';
import { formatStrike } from './chain-display';

/*
 * The payoff panel's legs as the trader edits them: lots and price held as typed (text), checked with the
 * contract's own schema before the call, so a refusal reads exactly as the server would word it.
 */

export type OptionType = 'CE' | 'PE';
export type Side = 'BUY' | 'SELL';

/** One leg in the editor. `key` tells rows apart across edits. */
export interface LegDraft {
  key: number;
  option_type: OptionType;
  side: Side;
  strike: number;
  expiry: string;
  /** As typed. */
  lots: string;
  /** Rupees a unit, as typed; prefilled from the chain's LTP. */
  price: string;
}

/** The chain's LTP of one option, null when it has none (or the strike is not in the window). */
export function ltpOf(strikes: readonly ChainStrike[], strike: number, type: OptionType): number | null {
  const row = strikes.find((s) => s.strike === strike);
  if (!row) return null;
  return (type === 'CE' ? row.ce : row.pe).ltp;
}

/** The LTP as the price field shows it, to the paisa (110.80, as the chain writes it). */
const priceText = (ltp: number | null) => (ltp === null ? '' : ltp.toFixed(2));

const nextKey = (legs: readonly LegDraft[]) => legs.reduce((max, l) => Math.max(max, l.key), 0) + 1;

/**
 * `legs` with one more: `type` at `strike` on `side`, one lot at the chain's LTP. The same option on the same side
 * and expiry already there gets one more lot instead (clicking a cell twice is two lots, not two rows). At the
 * leg limit, `legs` unchanged.
 */
export function addLeg(
  legs: readonly LegDraft[],
  chain: Pick<OptionChain, 'strikes' | 'expiry'>,
  strike: number,
  type: OptionType,
  side: Side,
): LegDraft[] {
  const same = legs.find(
    (l) => l.option_type === type && l.side === side && l.strike === strike && l.expiry === chain.expiry,
  );
  if (same) {
    const lots = Number(same.lots);
    const more = Number.isInteger(lots) && lots >= 1 ? String(lots + 1) : same.lots;
    return legs.map((l) => (l.key === same.key ? { ...l, lots: more } : l));
  }
  if (legs.length >= PAYOFF_LIMITS.maxLegs) return [...legs];
  const leg: LegDraft = {
    key: nextKey(legs),
    option_type: type,
    side,
    strike,
    expiry: chain.expiry,
    lots: '1',
    price: priceText(ltpOf(chain.strikes, strike, type)),
  };
  return [...legs, leg];
}

/** Whether another leg may be added (PAYOFF_LIMITS.maxLegs). */
export const canAddLeg = (legs: readonly LegDraft[]) => legs.length < PAYOFF_LIMITS.maxLegs;

export type LegPatch = Partial<Pick<LegDraft, 'option_type' | 'side' | 'strike' | 'lots' | 'price'>>;

/**
 * The leg `key` changed by `patch`. A new option (another type or strike) takes its LTP from the chain as its
 * price, when the chain has one for that expiry; side and lots keep the price the trader typed.
 */
export function updateLeg(
  legs: readonly LegDraft[],
  key: number,
  patch: LegPatch,
  chain: Pick<OptionChain, 'strikes' | 'expiry'> | undefined,
): LegDraft[] {
  return legs.map((leg) => {
    if (leg.key !== key) return leg;
    const next = { ...leg, ...patch };
    const isNewOption = next.option_type !== leg.option_type || next.strike !== leg.strike;
    if (isNewOption && patch.price === undefined && chain && chain.expiry === leg.expiry) {
      const ltp = ltpOf(chain.strikes, next.strike, next.option_type);
      if (ltp !== null) next.price = priceText(ltp);
    }
    return next;
  });
}

export const removeLeg = (legs: readonly LegDraft[], key: number): LegDraft[] => legs.filter((l) => l.key !== key);

/** A typed number: the number, or the text itself when it is not one (so the schema names the field). */
function typed(text: string): number | string {
  const t = text.trim();
  if (t === '') return t;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

export type BuiltRequest = { ok: true; request: PayoffRequest } | { ok: false; error: string };

/** The payoff call for `legs` on `instrumentId`, or the first refusal the contract's schema gives. */
export function payoffRequest(instrumentId: number, legs: readonly LegDraft[]): BuiltRequest {
  const parsed = PayoffRequestSchema.safeParse({
    instrument_id: instrumentId,
    legs: legs.map((l) => ({
      option_type: l.option_type,
      side: l.side,
      strike: l.strike,
      expiry: l.expiry,
      lots: typed(l.lots),
      price: typed(l.price),
    })),
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'The legs are not valid' };
}

/**
 * The premium the legs take in (positive: a credit) or pay (negative), rupees: Σ ±price × lots × lot size, in
 * paise. Null when a leg's lots or price is not a number yet.
 */
export function netPremium(legs: readonly LegDraft[], lotSize: number): number | null {
  let paise = 0;
  for (const l of legs) {
    const lots = Number(l.lots);
    const price = Number(l.price);
    if (l.lots.trim() === '' || l.price.trim() === '' || !Number.isFinite(lots) || !Number.isFinite(price)) {
      return null;
    }
    paise += (l.side === 'SELL' ? 1 : -1) * toPaise(price) * lots * lotSize;
  }
  return toRupees(paise);
}

/** "Sell 1 × 10,000 CE". */
export function legName(leg: Pick<LegDraft, 'side' | 'lots' | 'strike' | 'option_type'>): string {
  const side = leg.side === 'SELL' ? 'Sell' : 'Buy';
  return `${side} ${leg.lots || '?'} × ${formatStrike(leg.strike)} ${leg.option_type}`;
}

/** A rupee figure with its sign (−₹12,345.00, +₹800.00). */
export function signedInr(rupees: number): string {
  const paise = toPaise(rupees);
  const text = formatInr(toRupees(Math.abs(paise)));
  if (paise > 0) return `+${text}`;
  if (paise < 0) return `−${text}`;
  return text;
}

/** Max profit or loss as the summary says it: "Unlimited" for null. */
export const extremeText = (rupees: number | null): string => (rupees === null ? 'Unlimited' : signedInr(rupees));

/** "₹9,812.35 and ₹10,187.65"; "None" when the P&L at expiry never crosses zero. */
export function breakevensText(breakevens: readonly number[]): string {
  if (breakevens.length === 0) return 'None';
  const texts = breakevens.map(formatInr);
  if (texts.length === 1) return texts[0]!;
  return `${texts.slice(0, -1).join(', ')} and ${texts[texts.length - 1]!}`;
}

/** The summary lines under the payoff chart. */
export function payoffSummary(payoff: Pick<Payoff, 'breakevens' | 'max_profit' | 'max_loss'>) {
  return [
    { label: 'Breakevens', value: breakevensText(payoff.breakevens), testId: 'payoff-breakevens' },
    { label: 'Max profit', value: extremeText(payoff.max_profit), testId: 'payoff-max-profit' },
    { label: 'Max loss', value: extremeText(payoff.max_loss), testId: 'payoff-max-loss' },
  ];
}
