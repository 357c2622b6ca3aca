import { toPaise } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { readJsonFixture, readPacketFixture } from '../../test/provider-fixtures.js';
import {
  createKiteTick,
  decodeKitePacket,
  decodeKiteTickerMessage,
  forEachKiteTick,
  isKiteHeartbeat,
  type KiteTick,
} from './kite-ticker.js';
import {
  encodeKiteFullPacket,
  encodeKiteIndexPacket,
  encodeKiteLtpPacket,
  encodeKitePacket,
  encodeKiteQuotePacket,
  frameKitePackets,
  KITE_HEARTBEAT,
} from './kite-ticker-encode.js';

interface DepthJson {
  price: number;
  quantity: number;
  orders: number;
}
interface TickJson {
  mode: string;
  tradable: boolean;
  instrument_token: number;
  last_price: number;
  last_quantity: number;
  average_price: number;
  volume: number;
  buy_quantity: number;
  sell_quantity: number;
  ohlc: { open: number; high: number; low: number; close: number };
  last_trade_time?: string;
  timestamp?: string;
  oi?: number;
  oi_day_high?: number;
  oi_day_low?: number;
  depth?: { buy: DepthJson[]; sell: DepthJson[] };
}

const unix = (iso: string) => Date.parse(iso) / 1000;

/** The mocks' JSON was written from the same packet by the official SDKs; compare field by field. */
function expectQuoteFieldsMatch(tick: KiteTick, json: TickJson): void {
  expect(tick.mode).toBe(json.mode);
  expect(tick.isTradable).toBe(json.tradable);
  expect(tick.isIndex).toBe(false);
  expect(tick.instrumentToken).toBe(json.instrument_token);
  expect(tick.lastPrice).toBe(json.last_price);
  expect(tick.lastQuantity).toBe(json.last_quantity);
  expect(tick.averagePrice).toBe(json.average_price);
  expect(tick.volume).toBe(json.volume);
  expect(tick.buyQuantity).toBe(json.buy_quantity);
  expect(tick.sellQuantity).toBe(json.sell_quantity);
  expect([tick.open, tick.high, tick.low, tick.close]).toEqual([
    json.ohlc.open,
    json.ohlc.high,
    json.ohlc.low,
    json.ohlc.close,
  ]);
  expect(tick.lastPricePaise).toBe(toPaise(json.last_price));
  expect(tick.closePaise).toBe(toPaise(json.ohlc.close));
}

describe('Kite ticker decoder against kiteconnect-mocks packets', () => {
  it('decodes ticker_quote.packet (44 bytes) like ticker_quote.json', () => {
    const packet = readPacketFixture('ticker_quote.packet');
    expect(packet.byteLength).toBe(44);
    const tick = decodeKitePacket(packet);
    expect(tick).not.toBeNull();
    expectQuoteFieldsMatch(tick as KiteTick, readJsonFixture<TickJson>('kite', 'ticker_quote.json'));
    expect(tick?.depth).toBeNull();
  });

  it('decodes ticker_full.packet (184 bytes) like ticker_full.json, depth and times included', () => {
    const packet = readPacketFixture('ticker_full.packet');
    expect(packet.byteLength).toBe(184);
    const json = readJsonFixture<TickJson>('kite', 'ticker_full.json');
    const tick = decodeKitePacket(packet) as KiteTick;
    expectQuoteFieldsMatch(tick, json);
    expect(tick.lastTradeTime).toBe(unix(json.last_trade_time as string));
    expect(tick.exchangeTimestamp).toBe(unix(json.timestamp as string));
    expect([tick.oi, tick.oiDayHigh, tick.oiDayLow]).toEqual([json.oi, json.oi_day_high, json.oi_day_low]);
    const strip = (levels: { price: number; quantity: number; orders: number }[]) =>
      levels.map(({ price, quantity, orders }) => ({ price, quantity, orders }));
    expect(strip(tick.depth?.buy ?? [])).toEqual(json.depth?.buy);
    expect(strip(tick.depth?.sell ?? [])).toEqual(json.depth?.sell);
    expect(tick.depth?.buy[0]?.pricePaise).toBe(157340);
  });

  it('computes net change as last price − close (the mocks JSON `change` is copied from the full tick)', () => {
    // ticker_quote.json says change 5.9 although its last price 1573.15 − close 1567.8 is 5.35; 5.9 is the
    // full tick's change. So we check our formula, not that one field.
    const full = decodeKitePacket(readPacketFixture('ticker_full.packet')) as KiteTick;
    expect(full.netChange).toBeCloseTo(5.9, 9);
    expect(full.netChangePaise).toBe(590);
  });

  it('decodes a framed message with several packets, as a list and through a reused object', () => {
    const quote = readPacketFixture('ticker_quote.packet');
    const full = readPacketFixture('ticker_full.packet');
    const message = frameKitePackets([quote, full, quote]);
    const ticks = decodeKiteTickerMessage(message);
    expect(ticks.map((t) => t.mode)).toEqual(['quote', 'full', 'quote']);
    const reused = createKiteTick();
    const seen: number[] = [];
    const count = forEachKiteTick(message, (t) => seen.push(t.lastPricePaise), reused);
    expect(count).toBe(3);
    expect(seen).toEqual([157315, 157370, 157315]);
    // After a full tick, a quote tick in the same reused object must not keep the old depth.
    expect(reused.mode).toBe('quote');
    expect(reused.depth).toBeNull();
  });

  it('ignores heartbeats and unknown packet lengths, and refuses truncated messages', () => {
    expect(isKiteHeartbeat(KITE_HEARTBEAT)).toBe(true);
    expect(decodeKiteTickerMessage(KITE_HEARTBEAT)).toEqual([]);
    expect(decodeKiteTickerMessage(new Uint8Array(0))).toEqual([]);
    const odd = frameKitePackets([new Uint8Array(12), readPacketFixture('ticker_quote.packet')]);
    expect(decodeKiteTickerMessage(odd).map((t) => t.instrumentToken)).toEqual([408065]);
    const whole = frameKitePackets([readPacketFixture('ticker_quote.packet')]);
    expect(() => decodeKiteTickerMessage(whole.subarray(0, 30))).toThrow(RangeError);
  });

  it('reads a packet inside a larger buffer at a non-zero byte offset', () => {
    const framed = frameKitePackets([readPacketFixture('ticker_full.packet')]);
    const padded = new Uint8Array(framed.byteLength + 7);
    padded.set(framed, 7);
    const [tick] = decodeKiteTickerMessage(padded.subarray(7));
    expect(tick?.lastPrice).toBe(1573.7);
  });
});

/** Builds packets byte by byte from PROTOCOLS.md §3, independent of our encoder. */
function handBuiltIndexPacket(full: boolean): Uint8Array {
  const view = new DataView(new ArrayBuffer(full ? 32 : 28));
  const ints = [256265, 2413550, 2420000, 2398015, 2401005, 2399990, 1235];
  ints.forEach((v, i) => view.setInt32(i * 4, v));
  if (full) view.setUint32(28, 1733717700);
  return new Uint8Array(view.buffer);
}

describe('Kite ticker index and LTP packets (built by hand per PROTOCOLS.md §3)', () => {
  it('reads index quote fields in H, L, O, C order and the packet net change', () => {
    const tick = decodeKitePacket(handBuiltIndexPacket(false)) as KiteTick;
    expect(tick).toMatchObject({ mode: 'quote', isIndex: true, isTradable: false, segment: 9 });
    expect(tick.lastPrice).toBe(24135.5);
    expect([tick.high, tick.low, tick.open, tick.close]).toEqual([24200, 23980.15, 24010.05, 23999.9]);
    expect(tick.netChangePaise).toBe(1235);
    expect(tick.exchangeTimestamp).toBe(0);
  });

  it('reads the index full packet timestamp', () => {
    const tick = decodeKitePacket(handBuiltIndexPacket(true)) as KiteTick;
    expect(tick).toMatchObject({ mode: 'full', isIndex: true, exchangeTimestamp: 1733717700 });
  });

  it('reads an LTP packet and applies the CDS and BCD divisors', () => {
    const view = new DataView(new ArrayBuffer(8));
    view.setUint32(0, (1000 << 8) | 3);
    view.setInt32(4, 835_025_000);
    const cds = decodeKitePacket(view.buffer) as KiteTick;
    expect(cds).toMatchObject({ mode: 'ltp', priceDivisor: 10_000_000, lastPrice: 83.5025, lastPricePaise: 8350 });
    view.setUint32(0, (1000 << 8) | 6);
    view.setInt32(4, 835_025);
    expect(decodeKitePacket(view.buffer)?.lastPrice).toBe(83.5025);
  });

  it('the heartbeat is one byte', () => {
    expect(KITE_HEARTBEAT.byteLength).toBe(1);
  });
});

describe('Kite ticker encoders round-trip through the decoder', () => {
  const fromFixture = decodeKitePacket(readPacketFixture('ticker_full.packet')) as KiteTick;

  it('re-encodes the fixture full tick byte for byte', () => {
    expect(encodeKiteFullPacket(fromFixture)).toEqual(readPacketFixture('ticker_full.packet'));
    expect(encodeKiteQuotePacket(fromFixture).byteLength).toBe(44);
  });

  it('re-encodes the hand-built index packets byte for byte', () => {
    for (const full of [false, true]) {
      const tick = decodeKitePacket(handBuiltIndexPacket(full)) as KiteTick;
      expect(encodeKiteIndexPacket(tick, full ? 'full' : 'quote')).toEqual(handBuiltIndexPacket(full));
    }
  });

  it('picks the packet kind from mode and index-ness', () => {
    const input = { instrumentToken: 256265, lastPricePaise: 2413550 };
    expect(encodeKitePacket(input, 'ltp', true).byteLength).toBe(8);
    expect(encodeKitePacket(input, 'quote', true).byteLength).toBe(28);
    expect(encodeKitePacket(input, 'full', true).byteLength).toBe(32);
    expect(encodeKitePacket(input, 'quote', false).byteLength).toBe(44);
    expect(encodeKitePacket(input, 'full', false).byteLength).toBe(184);
    expect(decodeKitePacket(encodeKiteLtpPacket(input))?.lastPricePaise).toBe(2413550);
  });

  it('keeps negative prices and net changes signed', () => {
    const tick = decodeKitePacket(
      encodeKiteIndexPacket({ instrumentToken: 256265, lastPricePaise: 100, netChangePaise: -4505 }, 'quote'),
    );
    expect(tick?.netChange).toBe(-45.05);
  });
});
