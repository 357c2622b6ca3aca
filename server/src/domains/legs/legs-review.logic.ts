/**
 * Each configured leg of a Multi-leg strategy after its entry (issue 33), at the options' last prices: a held leg's
 * stop-loss, trailing stop and target (leg-exits.logic.ts, its trail carried in the memo between prices), and a
 * stopped leg's re-entry (leg-reentry.logic.ts: at once, or when its price is back at the first entry). The same
 * review serves a candle close and a tick (leg-stops-watch.ts), so both act on one rule. Pure; integer paise.
 *
 * A re-entry is counted when it is sent, never when the stop is: the memo is written before the orders, so a
 * re-entry whose order is lost costs its count and is never sent twice (the count is a ceiling).
 */
import type { Leg, LegsConfig } from '@app/contract';
import type { LegClose, LegExitReason, OpenLeg, OptionCandle } from '../strategies/decision.logic.js';
import { exitRulesOf, onCandle, onPrice, startExitState, type ExitState, type ExitStep } from './leg-exits.logic.js';
import { onPriceWhileOut, reEntryRuleOf } from './leg-reentry.logic.js';
import { enteredLeg, type LegMemo, type LegsMemo } from './legs-memo.logic.js';

export interface LegsReview {
  /** Held legs whose stop or target the price reached: each closes alone (judged on a candle: at its exit price). */
  close: LegClose[];
  /** What the closes are named by: a stop before a trailing stop before a target (the one a trader looks for). */
  reason: LegExitReason | null;
  /** Configured legs (by index) to enter again now, at their memo's contract. */
  reEnter: number[];
  memo: LegsMemo;
}

const sideOf = (open: Pick<OpenLeg, 'quantity'>) => (open.quantity < 0 ? 'BUY' : 'SELL');

export const hasExits = (leg: Leg) => leg.stop_loss !== null || leg.target !== null || leg.trailing !== null;

/**
 * The held leg of each configured leg, by index (null: not held). With a memo of every leg, by the contract each
 * entered and its side; without (an entry before memos were kept, or the legs edited since), the first held leg
 * of the same option type and side, held legs in the order they were opened.
 */
export function heldByIndex(config: Pick<LegsConfig, 'legs'>, memo: LegsMemo, legs: readonly OpenLeg[]) {
  const free = [...legs].sort((a, b) => a.id - b.id) as Array<OpenLeg | null>;
  const hasMemo = memo.legs.length === config.legs.length;
  return config.legs.map((leg, i) => {
    const at = free.findIndex(
      (o) =>
        o !== null &&
        sideOf(o) === leg.side &&
        (hasMemo ? o.tradingSymbol === memo.legs[i]!.symbol : o.optionType === leg.option_type),
    );
    const open = free[at] ?? null;
    if (open) free[at] = null;
    return open;
  });
}

/** The leg's exit state for its holding: its trail as the memo kept it, or fresh at its entry. */
function exitStateOf(leg: Leg, memo: LegMemo, entryPaise: number): ExitState | null {
  const rules = exitRulesOf(leg);
  const start = startExitState(rules, entryPaise);
  if ('problem' in start) return null;
  const kept = memo.trail;
  if (!kept || kept.entryPaise !== entryPaise) return start;
  return { ...start, stopPaise: kept.stopPaise, trailing: { active: kept.isActive, bestPaise: kept.bestPaise } };
}

const RANK: Record<LegExitReason, number> = { 'stop-loss': 0, 'trailing-stop': 1, target: 2 };

/** What a held leg is judged on: its last price (a close, a tick), a backtest's 1-minute candle of it, or both. */
export interface LegPrice {
  last?: number;
  candle?: OptionCandle;
}

/**
 * One held leg at its price: still held (its trail moved on), or out by its exit. A candle is judged first, its
 * exit at the level or at the candle's open beyond it (leg-exits.logic.ts `onCandle`, the backtest's stated
 * assumption); then the last price read at the decision (a market order at it).
 */
function reviewHeld(leg: Leg, memo: LegMemo, open: OpenLeg, price: LegPrice) {
  const firstEntryPaise = memo.firstEntryPaise ?? open.entryPricePaise ?? null;
  const held: LegMemo = { ...memo, symbol: open.tradingSymbol, firstEntryPaise, out: null };
  const entry = open.entryPricePaise;
  if (!hasExits(leg) || entry === undefined) return { memo: held, exit: null };
  const start = exitStateOf(leg, held, entry);
  if (!start) return { memo: held, exit: null };
  const rules = exitRulesOf(leg);
  let step: ExitStep = { state: start, exit: null };
  let exitPaise: number | undefined;
  if (price.candle) {
    step = onCandle(rules, entry, step.state, price.candle);
    if (step.exit) exitPaise = step.exit.atPaise;
  }
  if (!step.exit && price.last !== undefined) step = onPrice(rules, entry, step.state, price.last);
  if (step.exit) {
    const rule = reEntryRuleOf(leg);
    const isWaiting = step.exit.reason !== 'target' && rule !== null && held.reEntries < rule.times;
    return {
      memo: { ...held, out: { reason: step.exit.reason, atPaise: step.exit.atPaise, isWaiting }, trail: null },
      exit: step.exit.reason,
      exitPaise,
    };
  }
  const trail = leg.trailing
    ? {
        entryPaise: entry,
        bestPaise: step.state.trailing.bestPaise,
        isActive: step.state.trailing.active,
        stopPaise: step.state.stopPaise,
      }
    : null;
  return { memo: { ...held, trail }, exit: null };
}

/** One leg that is out: whether its re-entry is due now (counted here, as it is sent). */
function reviewOut(leg: Leg, memo: LegMemo, price: number | undefined): { memo: LegMemo; isDue: boolean } {
  const rule = reEntryRuleOf(leg);
  if (!memo.out?.isWaiting || !rule || memo.reEntries >= rule.times) return { memo, isDue: false };
  const again = (): { memo: LegMemo; isDue: boolean } => ({
    memo: { ...memo, reEntries: memo.reEntries + 1, out: { ...memo.out!, isWaiting: false }, trail: null },
    isDue: true,
  });
  if (rule.when === 'at_once') return again();
  if (price === undefined || memo.firstEntryPaise === null) return { memo, isDue: false };
  const step = onPriceWhileOut(
    rule,
    { used: memo.reEntries, isWaiting: true },
    { side: leg.side, firstEntryPaise: memo.firstEntryPaise },
    price,
  );
  return step.reEnter ? again() : { memo, isDue: false };
}

/**
 * Every configured leg at the options' last prices (`prices`, by trading symbol): what closes, what enters again,
 * and the memo after. A held leg with a 1-minute candle in `candles` (a backtest between closes) is judged on the
 * candle instead. A leg whose price is unknown is left as it is.
 */
export function reviewLegs(
  config: Pick<LegsConfig, 'legs'>,
  memo: LegsMemo,
  legs: readonly OpenLeg[],
  prices: ReadonlyMap<string, number> | undefined,
  candles?: ReadonlyMap<string, OptionCandle>,
): LegsReview {
  const held = heldByIndex(config, memo, legs);
  const close: LegClose[] = [];
  const reEnter: number[] = [];
  let reason: LegExitReason | null = null;
  const legMemos = config.legs.map((leg, i) => {
    const open = held[i];
    const kept = memo.legs.length === config.legs.length ? memo.legs[i]! : enteredLeg(open?.tradingSymbol ?? '');
    if (open) {
      const symbol = open.tradingSymbol;
      const r = reviewHeld(leg, kept, open, { last: prices?.get(symbol), candle: candles?.get(symbol) });
      if (r.exit) {
        close.push(r.exitPaise === undefined ? open : { ...open, exitPaise: r.exitPaise });
        if (reason === null || RANK[r.exit] < RANK[reason]) reason = r.exit;
      }
      return r.memo;
    }
    const r = reviewOut(leg, kept, prices?.get(kept.symbol));
    if (r.isDue) reEnter.push(i);
    return r.memo;
  });
  return { close, reason, reEnter, memo: { ...memo, legs: legMemos } };
}

/** The contracts a review reads: held legs with exits, and stopped legs waiting for their entry price. */
export function reviewedSymbols(config: Pick<LegsConfig, 'legs'>, memo: LegsMemo, legs: readonly OpenLeg[]): string[] {
  const held = heldByIndex(config, memo, legs);
  const hasMemo = memo.legs.length === config.legs.length;
  return config.legs.flatMap((leg, i) => {
    const open = held[i];
    if (open) return hasExits(leg) ? [open.tradingSymbol] : [];
    const kept = hasMemo ? memo.legs[i]! : null;
    const isWaitingForPrice = kept?.out?.isWaiting && leg.re_entry?.when === 'at_entry_price';
    return isWaitingForPrice ? [kept.symbol] : [];
  });
}
