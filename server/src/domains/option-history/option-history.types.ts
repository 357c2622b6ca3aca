import type { OptionCandleRow } from '../../db/schema.js';

/** Which option of an underlying a candle is of (`underlying`: the option root, upper case; `expiry`: YYYY-MM-DD). */
export type OptionContract = Pick<OptionCandleRow, 'underlying' | 'expiry' | 'strikePaise' | 'optionType'>;

/**
 * One minute of an option contract as stored, whoever wrote it; `ts` is the minute's start (UTC epoch ms), prices
 * in paise, `volume` and `oi` null where the source did not say (the console's own recording knows only prices).
 */
export type OptionCandle = Omit<OptionCandleRow, 'source'>;

/** One problem of an imported file, by its line (the header is line 1) and column. */
export interface RowProblem {
  line: number;
  field: string;
  message: string;
}

/** Where a contract's candles stop short of every NSE minute asked for. */
export interface ContractGaps {
  missing: number;
  /** The first minute without a candle (UTC epoch ms), null when none is missing. */
  firstMissing: number | null;
}

/** The key of a contract as text, for maps. */
export const contractKey = (c: OptionContract): string =>
  `${c.underlying}|${c.expiry}|${c.strikePaise}|${c.optionType}`;
