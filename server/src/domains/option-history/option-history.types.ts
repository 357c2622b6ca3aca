/** Which option of an underlying a candle is of. */
export interface OptionContract {
  /** The option root (NIFTY, BANKNIFTY…), upper case. */
  underlying: string;
  /** YYYY-MM-DD */
  expiry: string;
  strikePaise: number;
  optionType: 'CE' | 'PE';
}

/** One minute of an option contract; `ts` is the minute's start (UTC epoch ms), prices in paise. */
export interface OptionCandle extends OptionContract {
  ts: number;
  openPaise: number;
  highPaise: number;
  lowPaise: number;
  closePaise: number;
  /** Unknown (null) where the source did not say: the console's own recording knows only prices. */
  volume: number | null;
  oi: number | null;
}

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
