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

/** How candle prices are written down: Kite in paise (2 decimals), Binance up to 8. */
export const PRICE_DECIMALS: Record<DataSource, number> = { kite: 2, binance: 8 };
