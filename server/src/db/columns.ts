/**
 * Column lists several queries select alike, kept once. They expect the instruments table joined as `i`.
 */

/** An instrument's trading hours, which the engine's rules and every status reading need. */
export const INSTRUMENT_HOURS = ['i.marketOpenTime', 'i.marketCloseTime', 'i.timezone', 'i.tradingDays'] as const;
