/**
 * What a Multi-leg strategy's rules act on between its candle's closes (issue 33 item 3): the held legs with a stop,
 * trail or target, and how many decisions a new price of them calls for. The live console asks on each price update
 * (leg-stops-watch.ts), a backtest on each 1-minute candle (the type's `betweenCloses`); both then have the engine
 * decide, which re-reads everything under the strategy's lock, so nothing here trades. Pure.
 */
import type { LegsConfig } from '@app/contract';
import type { OpenLeg, OptionCandle } from '../strategies/decision.logic.js';
import type { LegsMemo } from './legs-memo.logic.js';
import { hasExits, heldByIndex, reviewLegs, type LegsReview } from './legs-review.logic.js';

/** The options whose prices the rules act on now: each held leg that has a stop-loss, a trailing stop or a target. */
export function watchedSymbols(config: Pick<LegsConfig, 'legs'>, memo: LegsMemo, legs: readonly OpenLeg[]): string[] {
  const held = heldByIndex(config, memo, legs);
  return config.legs.flatMap((leg, i) => {
    const open = held[i];
    return open && hasExits(leg) ? [open.tradingSymbol] : [];
  });
}

/**
 * How many decisions new prices call for: none; one when a level is reached or a trailing stop moved (the engine
 * keeps the trail); two when a leg it closes re-enters at once (asked again after the close).
 */
export function decisionsDue(
  config: Pick<LegsConfig, 'legs'>,
  memo: LegsMemo,
  legs: readonly OpenLeg[],
  prices: { last: ReadonlyMap<string, number> } | { candles: ReadonlyMap<string, OptionCandle> },
): number {
  const review =
    'last' in prices
      ? reviewLegs(config, memo, legs, prices.last)
      : reviewLegs(config, memo, legs, undefined, prices.candles);
  if (review.close.length === 0) return trailMoved(memo, review) ? 1 : 0;
  return reEntersAtOnce(config, review) ? 2 : 1;
}

/** Whether a review moved a leg's trailing stop (activated it, or tightened it): the engine keeps that. */
function trailMoved(before: LegsMemo, review: LegsReview): boolean {
  return review.memo.legs.some((after, i) => {
    const was = before.legs[i]?.trail ?? null;
    const now = after.trail;
    return now !== null && (was === null || was.isActive !== now.isActive || was.stopPaise !== now.stopPaise);
  });
}

/** Whether a leg the review closes re-enters at once: asked for on the decision after its close. */
function reEntersAtOnce(config: Pick<LegsConfig, 'legs'>, review: LegsReview): boolean {
  return review.memo.legs.some((l, i) => l.out?.isWaiting && config.legs[i]?.re_entry?.when === 'at_once');
}
