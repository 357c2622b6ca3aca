import type { DataInterval, DataSource } from '@app/contract';
import type { Candle } from '../candles.logic.js';

export interface HistoryRequest {
  instrumentToken: string;
  interval: DataInterval;
  /** Inclusive range of candle open times, epoch ms. */
  from: number;
  to: number;
}

/** What a live stream reports: price bars per instrument, connection changes, reconnections. */
export interface StreamHandlers {
  /**
   * A tick or a partial bar of one instrument (ts inside the bar's period). `lastPriceMinor` is its price as the
   * decoder read it, an integer in the source's minor unit (`PRICE_DECIMALS`: paise for Kite), so the last price
   * never passes through float rupees.
   */
  onBar(instrumentToken: string, bar: Candle, lastPriceMinor: number): void;
  onConnectionChange(isConnected: boolean): void;
  /** The stream came back after a drop; ticks between `since` and now were missed. */
  onReconnected(since: number): void;
  /** The stream stopped for a reason retrying cannot fix (a refused access token); it says which. */
  onHalted?(reason: string): void;
}

export interface LiveStream {
  subscribe(tokens: string[]): void;
  unsubscribe(tokens: string[]): void;
  isConnected(): boolean;
  /** Connects again after a halt (see `StreamHandlers.onHalted`); streams that never halt may omit it. */
  resume?(): void;
  close(): Promise<void>;
}

/** One market-data source (DESIGN §6): historical candles and a live stream, same shape for every provider. */
export interface MarketAdapter {
  source: DataSource;
  /** Candles of the interval in the range, oldest first; chunked and retried as the provider requires. */
  fetchHistory(req: HistoryRequest): Promise<Candle[]>;
  openStream(handlers: StreamHandlers): LiveStream;
}

export type OptionType = 'CE' | 'PE';

/** One listed option of an underlying's chain. */
export interface ChainOption {
  tradingSymbol: string;
  exchange: string;
  strikePaise: number;
  /** YYYY-MM-DD */
  expiry: string;
  optionType: OptionType;
  lotSize: number;
  instrumentToken: number;
}

/** One price level of a quote's depth, in paise. */
export interface QuoteLevel {
  pricePaise: number;
  quantity: number;
}

/** An option's quote as a paper fill is priced from it: the last price, bids and offers (best first). */
export interface OptionQuote {
  lastPaise: number;
  bids: QuoteLevel[];
  asks: QuoteLevel[];
}

/** One instrument of the provider's daily list: every one counts as listed; options also join their chain. */
export interface ListedInstrument {
  instrumentToken: number;
  /** The ticker an option's chain is filed under (NIFTY, BANKNIFTY…): its underlying's. */
  name: string;
  /** The option it is, or null for anything else (indices, equities, futures). */
  option: ChainOption | null;
}

/**
 * Where option chains and quotes come from (the options source's REST side): its daily instruments list and
 * its quotes, keyed `EXCHANGE:SYMBOL` or by instrument token. A key the provider does not quote is left out.
 * Failures are thrown as the provider's own errors (`providerRefusal` reads them) or the platform's outbound ones.
 */
export interface OptionQuotesSource {
  /** The most keys one quote call takes; callers split longer lists. */
  maxKeysPerCall: number;
  /**
   * Whether a token is only real if the provider's list names it (the instruments the console streams and
   * trades options of); other tokens are not checked against the list.
   */
  mustList(instrumentToken: string): boolean;
  /** Today's list of every instrument the provider lists. */
  instruments(): Promise<ListedInstrument[]>;
  /** Last traded prices in paise. */
  lastPaise(keys: string[]): Promise<Map<string, number>>;
  /** Previous-day closes in paise; a symbol with no close yet is left out. */
  closesPaise(keys: string[]): Promise<Map<string, number>>;
  /** Full quotes with depth, as paper fills are priced from them. */
  quotes(keys: string[]): Promise<Map<string, OptionQuote>>;
  /**
   * The margin the provider's broker would hold for these option positions as one hedged basket, in paise
   * (its own calculator, nobody's positions counted): a Paper account's used margin (issue 32 item 3).
   */
  basketMarginPaise(positions: readonly HeldOption[]): Promise<BasketMarginPaise>;
}

/** A basket's margin in paise: `initialPaise` its orders' own margins added up, `finalPaise` netted as one basket. */
export interface BasketMarginPaise {
  initialPaise: number;
  finalPaise: number;
}

/** An option position to price the margin of: `quantity` > 0 is short (sold), < 0 long, as our legs count. */
export interface HeldOption {
  exchange: string;
  tradingSymbol: string;
  quantity: number;
}

/**
 * A provider's refusal, for the trader's words: the access token refused (a new one is needed) or any other
 * answer of the provider's (an unknown symbol, too long a range), its message as the provider worded it.
 */
export interface ProviderRefusal {
  kind: 'token_refused' | 'upstream';
  /** The provider as traders call it. */
  provider: string;
  message: string;
}

/** Reads one provider's errors: its refusal, or null when `err` is not that provider's answer. */
export type RefusalReader = (err: unknown) => ProviderRefusal | null;

/**
 * The source options and Indian indices are priced from: their candles, streamed marks and quotes, and the
 * stream whose halt stops the engine. The one line that says which provider that is.
 */
export const OPTIONS_DATA_SOURCE = 'kite' satisfies DataSource;

/** How candle prices are written down: Kite in paise (2 decimals), Binance up to 8. */
export const PRICE_DECIMALS: Record<DataSource, number> = { kite: 2, binance: 8 };
