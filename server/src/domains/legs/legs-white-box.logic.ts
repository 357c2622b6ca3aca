import { LEGS_LIMITS, STRATEGY_INTERVALS } from '@app/contract';

/**
 * The Multi-leg strategy as a broker's algo registration reads it (issue 31 item 9): docs/STRATEGIES.md is the
 * long form. Change this with the rules (and `version` in legs-strategy.logic.ts).
 */
export const LEGS_WHITE_BOX = {
  summary:
    'Multi-leg enters up to eight index option legs together, each bought or sold at a strike chosen by ATM steps ' +
    'or by premium, closes each at its own stop-loss, trailing stop or target (and may enter it again), and squares ' +
    'off the rest at its exit time. Market orders with market protection, NRML product, options only.',
  rules: [
    'Enters once per trading day: at the first candle close at or after its entry time, or on the next close of its entry interval.',
    "Each leg's expiry: the nearest listed one (current week), the one after (next week), or the month's last (current month).",
    "Each leg's strike: the listed strike nearest the index (ATM) moved by its steps out of the money, or the one whose last price is closest to, at least or at most its premium.",
    "Or on a breakout of the underlying's range over the session's first minutes (its 1-minute closes, measured from the open; a range not seen from the open is no entry that day), or after the underlying has moved a percent or points from its price at a time of day.",
    'An entry that cannot choose every leg sends nothing, and says which leg and why on the row.',
    "Each leg's stop-loss, target and trailing stop (activated after a favourable move, then following the best price; it only tightens) act on the option's last price within a second, and on every candle close; that leg alone is closed.",
    'A stopped leg may be entered again in the same contract, at once or when its price is back at its first entry, at most its re-entry count times after each entry; the count is written before the order is sent, so it is never exceeded.',
    'Exit time, the window end, Exit, a limit (Max Loss, Target Profit, Daily Max Loss) or the kill switch: closes every leg.',
    'Closes are always sent before opens; a lost reply is settled with the broker by the order tag before anything else is sent.',
  ],
  settings: [
    `Legs: 1 to ${LEGS_LIMITS.maxLegs}, each 1 to ${LEGS_LIMITS.maxLots} lots, BUY or SELL, CE or PE.`,
    `Strike: ATM +/- up to ${LEGS_LIMITS.maxStrikeSteps} steps, or by premium.`,
    `Entry: a time of day, a candle close (${STRATEGY_INTERVALS.join(', ')}), a range breakout (1 to ${LEGS_LIMITS.maxRangeMinutes} minutes) or a move (up to ${LEGS_LIMITS.maxMovePercent} % or points); exit: a time of day or none.`,
    `Per leg: stop-loss and target (percent, points or premium), trailing stop, up to ${LEGS_LIMITS.maxReEntries} re-entries.`,
  ],
} as const;
