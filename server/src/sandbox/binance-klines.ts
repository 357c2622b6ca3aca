/**
 * Binance klines from the sandbox's price walks, for REST and the kline streams alike (so a closed
 * streamed kline equals the REST row for the same open time). Prices are cents; quantities are integer
 * units of 10^-quantityDecimals.
 */
import type { BinanceInterval, BinanceKline, BinanceStreamKline } from '../protocols/binance.js';
import { scaledIntToDecimal } from '../protocols/decimal.js';
import { binanceCandleEnd, binanceCandleStart, binancePreviousCandle } from './candle-windows.js';
import type { PriceFeed } from './price-feed.js';
import type { BinanceSymbolSpec } from './sandbox-market.js';

const PRICE_DECIMALS = 2;

/** The kline opening at `openMs`, aggregated up to now when it is still open; null if it has not begun. */
export function buildBinanceKline(
  feed: PriceFeed,
  spec: BinanceSymbolSpec,
  interval: BinanceInterval,
  openMs: number,
  nowMs: number,
): BinanceKline | null {
  const closeMs = binanceCandleEnd(interval, openMs);
  const endSecond = Math.min(closeMs / 1000, Math.floor(nowMs / 1000) + 1);
  const bar = feed.aggregate(spec.walk.key, openMs / 1000, endSecond);
  if (!bar) return null;
  const qd = spec.quantityDecimals;
  const price = (cents: number) => scaledIntToDecimal(cents, PRICE_DECIMALS, 8);
  // Σ price × quantity can pass 2^53 over long klines, so quote volumes are floats; they are synthetic anyway.
  const quote = (value: number) => (value / 10 ** (PRICE_DECIMALS + qd)).toFixed(8);
  const takerBase = Math.floor(bar.volume / 2);
  const takerQuote = bar.volume > 0 ? (bar.quoteVolume * takerBase) / bar.volume : 0;
  return {
    openTime: openMs,
    open: price(bar.open),
    high: price(bar.high),
    low: price(bar.low),
    close: price(bar.close),
    volume: scaledIntToDecimal(bar.volume, qd, 8),
    closeTime: closeMs - 1,
    quoteVolume: quote(bar.quoteVolume),
    trades: bar.trades,
    takerBuyBaseVolume: scaledIntToDecimal(takerBase, qd, 8),
    takerBuyQuoteVolume: quote(takerQuote),
  };
}

/** The kline as a stream carries it; closed once its last second has passed. */
export function buildStreamKline(
  feed: PriceFeed,
  spec: BinanceSymbolSpec,
  interval: BinanceInterval,
  openMs: number,
  nowMs: number,
): BinanceStreamKline | null {
  const kline = buildBinanceKline(feed, spec, interval, openMs, nowMs);
  if (!kline) return null;
  const lastSecond = (kline.closeTime + 1) / 1000 - 1;
  const second = Math.floor(nowMs / 1000);
  // Trade ids: one per second, numbered by the second, so they only ever increase.
  return {
    ...kline,
    symbol: spec.symbol,
    interval,
    firstTradeId: openMs / 1000,
    lastTradeId: Math.min(second, lastSecond),
    isClosed: second >= lastSecond,
  };
}

/** Which klines a REST request gets (PROTOCOLS.md §4 semantics), oldest first, at most `limit`. */
export function klineOpenTimes(
  interval: BinanceInterval,
  nowMs: number,
  limit: number,
  startTime: number | null,
  endTime: number | null,
): number[] {
  const current = binanceCandleStart(interval, nowMs);
  const last = Math.min(current, endTime === null ? current : binanceCandleStart(interval, endTime));
  if (startTime !== null) {
    let open = binanceCandleStart(interval, startTime);
    if (open < startTime) open = binanceCandleEnd(interval, open);
    const opens: number[] = [];
    for (; open <= last && opens.length < limit; open = binanceCandleEnd(interval, open)) opens.push(open);
    return opens;
  }
  const opens: number[] = [];
  for (let open = last; opens.length < limit; open = binancePreviousCandle(interval, open)) opens.push(open);
  return opens.reverse();
}
