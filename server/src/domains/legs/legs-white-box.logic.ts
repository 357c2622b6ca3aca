import { LEGS_LIMITS, STRATEGY_INTERVALS } from '@app/contract';

/**
 * The Multi-leg strategy as a broker's algo registration reads it (issue 31 item 9): docs/STRATEGIES.md is the
 * long form. Change this with the rules (and `version` in legs-strategy.logic.ts).
 */
export const LEGS_WHITE_BOX = {
  summary:
    'Multi-leg enters up to eight index option legs together, each bought or sold at a strike chosen by ATM steps ' +
    'or by premium, holds them until its exit time, and squares them off. Market orders with market protection, ' +
    'NRML product, options only.',
  rules: [
    'Enters once per trading day: at the first candle close at or after its entry time, or on the next close of its entry interval.',
    "Each leg's expiry: the nearest listed one (current week), the one after (next week), or the month's last (current month).",
    "Each leg's strike: the listed strike nearest the index (ATM) moved by its steps out of the money, or the one whose last price is closest to, at least or at most its premium.",
    'An entry that cannot choose every leg sends nothing, and says which leg and why on the row.',
    'Exit time, the window end, Exit, a limit (Max Loss, Target Profit, Daily Max Loss) or the kill switch: closes every leg.',
    'Closes are always sent before opens; a lost reply is settled with the broker by the order tag before anything else is sent.',
  ],
  settings: [
    `Legs: 1 to ${LEGS_LIMITS.maxLegs}, each 1 to ${LEGS_LIMITS.maxLots} lots, BUY or SELL, CE or PE.`,
    `Strike: ATM +/- up to ${LEGS_LIMITS.maxStrikeSteps} steps, or by premium.`,
    `Entry: a time of day, or a candle close (${STRATEGY_INTERVALS.join(', ')}); exit: a time of day or none.`,
  ],
} as const;
