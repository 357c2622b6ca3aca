/**
 * A sandbox instrument's market snapshot at one second, as a Kite REST quote (kiteconnect-mocks
 * `quote.json`) and as a ticker packet input. Both come from `snapshot`, so REST and the ticker agree.
 */
import { toRupees } from '@app/contract';
import type { KitePacketInput } from '../protocols/kite-ticker-encode.js';
import { formatKiteDateTime } from '../protocols/kite-rest.js';
import type { InstrumentPricing } from './instrument-pricing.js';
import type { SandboxInstrument } from './instrument-universe.js';
import { OPTION_TICK_PAISE } from './option-chain.js';
import { hashInts } from './price-hash.js';

/** One price level of market depth. */
export interface DepthLevel {
  quantity: number;
  pricePaise: number;
  orders: number;
}

/** Five levels a side: bids best (highest) first, offers best (lowest) first. */
export interface Depth {
  buy: DepthLevel[];
  sell: DepthLevel[];
}

/** Everything a quote or tick says about an instrument at one second. Money in paise. */
export interface Snapshot extends Required<Omit<KitePacketInput, 'depth'>> {
  isIndex: boolean;
  depth: Depth;
}

function emptyDepth(): Depth {
  const level = (): DepthLevel => ({ quantity: 0, pricePaise: 0, orders: 0 });
  return { buy: [1, 2, 3, 4, 5].map(level), sell: [1, 2, 3, 4, 5].map(level) };
}

/**
 * Five levels a side around the last price, one tick apart, sizes 1–20 lots hashed from (token, second,
 * level). Quotes show it and orders fill against it, so what `/quote` shows at a second is what an order
 * can take then.
 */
export function syntheticDepth(marketKey: number, lotSize: number, lastPaise: number, second: number): Depth {
  const level = (side: number, k: number): DepthLevel => {
    const h = hashInts(marketKey, second, side * 8 + k);
    const price =
      side === 0 ? Math.max(OPTION_TICK_PAISE, lastPaise - k * OPTION_TICK_PAISE) : lastPaise + k * OPTION_TICK_PAISE;
    return { quantity: lotSize * (1 + (h % 20)), pricePaise: price, orders: 1 + ((h >>> 8) % 6) };
  };
  return { buy: [1, 2, 3, 4, 5].map((k) => level(0, k)), sell: [1, 2, 3, 4, 5].map((k) => level(1, k)) };
}

/** The snapshot of `instrument` during `second`. */
export function snapshot(pricing: InstrumentPricing, instrument: SandboxInstrument, atSecond: number): Snapshot {
  // Outside its session an NSE instrument's quote stands still at its last session second, times included.
  const second = pricing.standingSecond(instrument, atSecond);
  const last = pricing.ltpPaise(instrument, second);
  const day = pricing.dayStats(instrument, second);
  const isIndex = instrument.kind === 'index';
  const oi = pricing.openInterest(instrument, second);
  const lot = isIndex ? 0 : instrument.contract.root.lotSize;
  const h = hashInts(instrument.marketKey, second);
  return {
    instrumentToken: instrument.instrumentToken,
    isIndex,
    lastPricePaise: last,
    lastQuantity: day.lastQuantity,
    averagePricePaise: day.averagePricePaise,
    volume: day.volume,
    buyQuantity: lot * (200 + (h % 300)),
    sellQuantity: lot * (200 + ((h >>> 12) % 300)),
    openPaise: day.openPaise,
    highPaise: day.highPaise,
    lowPaise: day.lowPaise,
    closePaise: day.closePaise,
    netChangePaise: last - day.closePaise,
    lastTradeTime: second,
    exchangeTimestamp: second,
    oi,
    oiDayHigh: oi,
    oiDayLow: oi,
    depth: isIndex ? emptyDepth() : syntheticDepth(instrument.marketKey, lot, last, second),
  };
}

const rupees = toRupees;

function depthJson(levels: DepthLevel[]) {
  return levels.map((l) => ({ price: rupees(l.pricePaise), quantity: l.quantity, orders: l.orders }));
}

/** `GET /quote` entry. Circuit limits are generous bands, not NSE's rules. */
export function quoteJson(s: Snapshot): object {
  const band = Math.max(s.closePaise, s.lastPricePaise);
  return {
    instrument_token: s.instrumentToken,
    timestamp: formatKiteDateTime(s.exchangeTimestamp * 1000),
    last_trade_time: formatKiteDateTime(s.lastTradeTime * 1000),
    last_price: rupees(s.lastPricePaise),
    last_quantity: s.lastQuantity,
    buy_quantity: s.buyQuantity,
    sell_quantity: s.sellQuantity,
    volume: s.volume,
    average_price: rupees(s.averagePricePaise),
    oi: s.oi,
    oi_day_high: s.oiDayHigh,
    oi_day_low: s.oiDayLow,
    net_change: rupees(s.netChangePaise),
    lower_circuit_limit: s.isIndex ? 0 : rupees(OPTION_TICK_PAISE),
    upper_circuit_limit: s.isIndex ? 0 : rupees(Math.ceil((band * 3) / OPTION_TICK_PAISE) * OPTION_TICK_PAISE),
    ohlc: ohlcJson(s),
    depth: { buy: depthJson(s.depth.buy), sell: depthJson(s.depth.sell) },
  };
}

function ohlcJson(s: Snapshot): object {
  return { open: rupees(s.openPaise), high: rupees(s.highPaise), low: rupees(s.lowPaise), close: rupees(s.closePaise) };
}

/** `GET /quote/ohlc` entry. */
export function ohlcQuoteJson(s: Snapshot): object {
  return { instrument_token: s.instrumentToken, last_price: rupees(s.lastPricePaise), ohlc: ohlcJson(s) };
}

/** `GET /quote/ltp` entry. */
export function ltpQuoteJson(instrumentToken: number, lastPaise: number): object {
  return { instrument_token: instrumentToken, last_price: rupees(lastPaise) };
}
