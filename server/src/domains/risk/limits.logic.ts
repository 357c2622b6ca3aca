import { isLiveStatus, type PnlFigures, groupedRupeesText } from '@app/contract';
import type { Actor } from '../../platform/ownership.js';
import { toPaise } from '../../platform/time.js';

/** Which limit a strategy's day crossed. */
export type StrategyBreach = 'max_loss' | 'target_profit';

export interface StrategyLimits {
  maxLossPaise: number | null;
  targetProfitPaise: number | null;
}

/** What a strategy is doing, as far as a limit cares: trading, or holding legs. */
export interface StrategyState {
  runningStatus: number;
  openLegCount: number;
}

/**
 * The measure every limit reads (issue 13): the day's P&L, realized today plus unrealized now, before
 * charges. The ledger's `today` figures already restart at IST midnight.
 */
export function dayPnlPaise(today: Pick<PnlFigures, 'realized_pnl' | 'unrealized_pnl'>): number {
  return toPaise(today.realized_pnl) + toPaise(today.unrealized_pnl);
}

/** Whether a limit still has something to act on: a running or paused strategy, or legs left open. */
export function hasSomethingToStop(state: StrategyState): boolean {
  return isLiveStatus(state.runningStatus) || state.openLegCount > 0;
}

/**
 * A strategy's limits against its day: reaching −max_loss is a loss breach, reaching +target_profit a
 * profit one (both inclusive: "lose at most ₹5,000" stops at ₹5,000 lost). A stopped, flat strategy has
 * nothing left to protect.
 */
export function strategyBreach(dayPaise: number, limits: StrategyLimits, state: StrategyState): StrategyBreach | null {
  if (!hasSomethingToStop(state)) return null;
  if (limits.maxLossPaise !== null && dayPaise <= -limits.maxLossPaise) return 'max_loss';
  if (limits.targetProfitPaise !== null && dayPaise >= limits.targetProfitPaise) return 'target_profit';
  return null;
}

/** A user's day across all their strategies against their daily max loss. */
export function dailyBreach(dayPaise: number, dailyMaxLossPaise: number | null): boolean {
  return dailyMaxLossPaise !== null && dayPaise <= -dailyMaxLossPaise;
}

/** ₹5,000.00 — paise as the trader reads rupees (Indian digit grouping), exact: no float division. */
export function rupeesText(paise: number): string {
  return `₹${groupedRupeesText(Math.abs(Math.round(paise)))}`;
}

/** −₹34,442.50 / +₹1,200.00: a P&L as the trader reads it (the minus sign, not a hyphen). */
export const signedRupeesText = (paise: number) => `${paise < 0 ? '−' : paise > 0 ? '+' : ''}${rupeesText(paise)}`;

/** A limit's stop reason (issue 13). */
export type LimitReason = StrategyBreach | 'daily_max_loss';

/**
 * Past the limit by more than this share of it, the stop says the market gapped past it: the check runs on
 * every price update, so only a jump between two prices lands far beyond the line (a tenth: ₹600 on ₹6,000).
 */
const FAR_PAST_SHARE = 10;

/** Whether the day's P&L went further past the limit than the checks could have caught. */
export function isFarPast(dayPaise: number, limitPaise: number): boolean {
  return (Math.abs(dayPaise) - limitPaise) * FAR_PAST_SHARE > limitPaise;
}

/**
 * What a limit stop's row and alert add to "Stopped at the max loss" (issue 27): the day's P&L when the limit
 * was found crossed and the limit, so a stop far past the line says so rather than reading like a clean stop.
 * "−₹34,442.50 against a limit of ₹6,000.00 — the market gapped past it".
 */
export function limitStopNote(reason: LimitReason, dayPaise: number, limitPaise: number): string {
  const against =
    reason === 'target_profit'
      ? `against a target of ${rupeesText(limitPaise)}`
      : reason === 'daily_max_loss'
        ? `across all strategies for the day, against a daily limit of ${rupeesText(limitPaise)}`
        : `against a limit of ${rupeesText(limitPaise)}`;
  const gap = isFarPast(dayPaise, limitPaise) ? ' — the market gapped past it' : '';
  return `${signedRupeesText(dayPaise)} ${against}${gap}`;
}

/** The limits an admin can cap, in the words a refusal names them. */
export const CAPPED_LIMITS = {
  daily: 'your daily max loss',
  strategy: "this strategy's max loss",
} as const;
export type CappedLimit = keyof typeof CAPPED_LIMITS;

/**
 * Whether a write of a loss limit is the desk's: an admin setting it for someone else. That sets the cap
 * with the limit; anyone setting their own limit (an admin included) stays under whatever cap there is.
 */
export function setsDeskCap(actor: Actor, ownerId: number): boolean {
  return actor.role === 'admin' && actor.userId !== ownerId;
}

/**
 * Why a user's own loss limit (their daily max loss, or a strategy's max loss) may not be saved under the
 * cap an admin set: removing it or setting it above the cap would loosen the desk's limit. Null when it may
 * (no cap, or at or below it).
 */
export function capRefusal(capPaise: number | null, paise: number | null, limit: CappedLimit): string | null {
  if (capPaise === null || (paise !== null && paise <= capPaise)) return null;
  return (
    `An admin set ${CAPPED_LIMITS[limit]} at ${rupeesText(capPaise)}: ` +
    `you can lower it, not ${paise === null ? 'remove it' : 'raise it'}`
  );
}
