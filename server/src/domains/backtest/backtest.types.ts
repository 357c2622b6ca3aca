/** The instrument a backtest runs on, as its listing says (the engine's instruments row). */
export interface BacktestInstrument {
  name: string;
  ticker: string | null;
  instrumentToken: string;
  marketOpenTime: string;
  marketCloseTime: string;
  timezone: string;
  tradingDays: string;
  marketProtection: number;
}

/** One candle of the underlying a backtest walks, in paise; `ts` its start (UTC epoch ms). */
export interface UnderlyingCandle {
  ts: number;
  openPaise: number;
  closePaise: number;
  /** Its high and low where stored (a breakout's opening range is measured on them). */
  highPaise?: number;
  lowPaise?: number;
}

/** One 1-minute candle of the underlying, in paise: what a backtest judges a leg's stop on between closes. */
export interface UnderlyingMinute {
  ts: number;
  openPaise: number;
  highPaise: number;
  lowPaise: number;
  closePaise: number;
}

/** A fill as the backtest's engine booked it (quantity signed as in transactions: a sale positive). */
export interface BacktestFill {
  id: number;
  at: number;
  tradingSymbol: string;
  quantity: number;
  pricePaise: number;
  kind: 'trade' | 'settlement';
  /** Why: entry, realign, exit, window end, expiry settlement. */
  reason: string;
  /** Its paper order among the instant's (the ledger's `paper_order`): one order's fills pay one brokerage. */
  paperOrder?: number | null;
}
