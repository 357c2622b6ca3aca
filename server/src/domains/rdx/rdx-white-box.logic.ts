import { LIMITS, RDX_INTERVALS } from '@app/contract';

/**
 * RDX as a broker's algo registration reads it (issue 31 item 9): the rules docs/RDX.md sets out, short. Change
 * this with the rules (and `version` in rdx-strategy.logic.ts).
 */
export const RDX_WHITE_BOX = {
  summary:
    'RDX sells a short strangle on an index: a call above and a put below the at-the-money strike, and re-centres ' +
    'it when the index moves past the offset. Market orders with market protection, NRML product, options only.',
  rules: [
    'Decides only on the close of a candle of its configured interval (1m to 1h), within market hours, on NSE trading days.',
    'ATM = the index price rounded to the nearest listed strike step; expiry = the nearest listed one after today.',
    'Entry (no legs open): sells CE Count x Lot Count lots of the call at ATM + Offset and PE Count x Lot Count lots of the put at ATM - Offset.',
    'Realign: when the ATM has moved at least max(|Offset|, strike step) from the ATM traded, buys back every leg, then sells around the new ATM.',
    "Expiry day: at the first close at or after 15:15 IST on a leg's expiry day, buys back every leg and enters on the next expiry.",
    "Window: with start and end times, enters only inside the window and squares off at its end (or at the market's close).",
    'Exit, a limit (Max Loss, Target Profit, Daily Max Loss) or the kill switch: buys back every leg at once and stops.',
    'Closes are always sent before opens; a lost reply is settled with the broker by the order tag before anything else is sent.',
  ],
  settings: [
    `Lot Count: 1 to ${LIMITS.maxRdxLotCount} lots per leg count.`,
    `CE Count and PE Count: 0 to ${LIMITS.maxLegCount} each.`,
    `Offset: up to Rs. ${LIMITS.maxOffsetRupees.toLocaleString('en-IN')} either side, and within the listed strikes.`,
    `Interval: ${RDX_INTERVALS.join(', ')}.`,
    `Max Loss and Target Profit per strategy, Daily Max Loss per trader: up to Rs. ${LIMITS.maxRiskLimitRupees.toLocaleString('en-IN')}; an admin may cap them lower.`,
  ],
} as const;
