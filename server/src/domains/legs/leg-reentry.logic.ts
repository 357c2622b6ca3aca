/**
 * Whether and when a leg of a `legs` strategy enters again after a stop (issue 33). Pure; money in integer paise.
 *
 * Only a stop (stop-loss or trailing) is followed by a re-entry: a target met is the trade done. `at_once`
 * re-enters at the stop's own price (a market order right after the exit); `at_entry_price` waits for the
 * option's price to come back to the leg's first entry: a SELL leg (stopped as the price rose) when the price is
 * at or below it, a BUY leg (stopped as it fell) at or above it. The first entry stays the mark for every
 * re-entry, so a run of stops never drifts it. Re-entries never exceed `times`.
 */
import type { Leg, ReEntry } from '@app/contract';
import type { ExitEvent, LegSide, PriceCandle } from './leg-exits.logic.js';

export type ReEntryRule = ReEntry;

export interface ReEntryState {
  /** Re-entries made so far. */
  used: number;
  /** Stopped, and waiting for the price to come back to the first entry. */
  isWaiting: boolean;
}

export const FRESH_RE_ENTRY: ReEntryState = { used: 0, isWaiting: false };

/** `reEnter`: enter the leg again now at this price (null: not now). */
export interface ReEntryStep {
  state: ReEntryState;
  reEnter: { atPaise: number } | null;
}

/** The leg's re-entry rule; null when it has none or allows none. */
export function reEntryRuleOf(leg: Pick<Leg, 're_entry'>): ReEntryRule | null {
  return leg.re_entry && leg.re_entry.times > 0 ? leg.re_entry : null;
}

const hasLeft = (rule: ReEntryRule | null, state: ReEntryState): rule is ReEntryRule =>
  rule !== null && state.used < rule.times;

/** What follows an exit: a re-entry now, a wait for the entry price, or nothing more. */
export function afterExit(rule: ReEntryRule | null, state: ReEntryState, exit: ExitEvent): ReEntryStep {
  if (exit.reason === 'target' || !hasLeft(rule, state)) {
    return { state: { ...state, isWaiting: false }, reEnter: null };
  }
  if (rule.when === 'at_once') {
    return { state: { used: state.used + 1, isWaiting: false }, reEnter: { atPaise: exit.atPaise } };
  }
  return { state: { ...state, isWaiting: true }, reEnter: null };
}

/** Whether a price is back at the first entry, from the side the leg was stopped on. */
const isBack = (side: LegSide, firstEntryPaise: number, pricePaise: number) =>
  side === 'SELL' ? pricePaise <= firstEntryPaise : pricePaise >= firstEntryPaise;

/** A new price while the leg is out: re-enters at it when it is back at the first entry. */
export function onPriceWhileOut(
  rule: ReEntryRule | null,
  state: ReEntryState,
  leg: { side: LegSide; firstEntryPaise: number },
  pricePaise: number,
): ReEntryStep {
  if (!state.isWaiting || !hasLeft(rule, state) || !isBack(leg.side, leg.firstEntryPaise, pricePaise)) {
    return { state, reEnter: null };
  }
  return { state: { used: state.used + 1, isWaiting: false }, reEnter: { atPaise: pricePaise } };
}

/**
 * A 1-minute candle while the leg is out (backtests): back when its low (SELL) or high (BUY) reaches the first
 * entry, filled at the entry price, or at the open when the candle opened already past it (the price there).
 */
export function onCandleWhileOut(
  rule: ReEntryRule | null,
  state: ReEntryState,
  leg: { side: LegSide; firstEntryPaise: number },
  candle: PriceCandle,
): ReEntryStep {
  const reach = leg.side === 'SELL' ? candle.lowPaise : candle.highPaise;
  const step = onPriceWhileOut(rule, state, leg, reach);
  if (!step.reEnter) return step;
  const fill = isBack(leg.side, leg.firstEntryPaise, candle.openPaise) ? candle.openPaise : leg.firstEntryPaise;
  return { state: step.state, reEnter: { atPaise: fill } };
}
