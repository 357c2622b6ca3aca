// Kite ticker decoding: our decoder (server/src/protocols/kite-ticker.ts) against the official
// `kiteconnect` package's parser, on framed messages of quote and full packets like the live feed sends.
import { createRequire } from 'node:module';
import { createKiteTick, decodeKiteTickerMessage, forEachKiteTick } from '../server/dist/protocols/kite-ticker.js';
import {
  encodeKiteFullPacket,
  encodeKiteQuotePacket,
  frameKitePackets,
} from '../server/dist/protocols/kite-ticker-encode.js';

import { CandleBuilder, tickBar, utcBuckets } from '../server/dist/domains/market-data/candles.logic.js';

const require = createRequire(import.meta.url);
const { KiteTicker } = require('kiteconnect');

function message(mode, packetsPerMessage) {
  const packets = [];
  for (let i = 0; i < packetsPerMessage; i++) {
    const tick = {
      instrumentToken: ((1000 + i) << 8) | 2,
      lastPricePaise: 2_000_000 + i * 5,
      lastQuantity: 75,
      averagePricePaise: 1_999_000,
      volume: 1_000_000 + i,
      buyQuantity: 5000,
      sellQuantity: 6000,
      openPaise: 1_990_000,
      highPaise: 2_010_000,
      lowPaise: 1_980_000,
      closePaise: 1_995_000,
      lastTradeTime: 1_733_717_700,
      exchangeTimestamp: 1_733_717_700,
      depth: {
        buy: [1, 2, 3, 4, 5].map((k) => ({ quantity: 75 * k, pricePaise: 2_000_000 - 5 * k, orders: k })),
        sell: [1, 2, 3, 4, 5].map((k) => ({ quantity: 75 * k, pricePaise: 2_000_000 + 5 * k, orders: k })),
      },
    };
    packets.push(mode === 'full' ? encodeKiteFullPacket(tick) : encodeKiteQuotePacket(tick));
  }
  const framed = frameKitePackets(packets);
  return framed.buffer.slice(framed.byteOffset, framed.byteOffset + framed.byteLength);
}

function rate(fn, buffer, ticksPerMessage) {
  // Warm up so both sides are measured after optimisation.
  for (let i = 0; i < 2000; i++) fn(buffer);
  let messages = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < 1e9) {
    for (let i = 0; i < 200; i++) fn(buffer);
    messages += 200;
    elapsed = Number(process.hrtime.bigint() - start);
  }
  return (messages * ticksPerMessage) / (elapsed / 1e9);
}

/** What the hub does with every tick: fold it into the 1-minute candle of its instrument. */
function aggregator() {
  const builders = new Map();
  let ts = 1_733_717_700_000;
  return (token, price, volume) => {
    let b = builders.get(token);
    if (!b) {
      b = new CandleBuilder(utcBuckets('1m'));
      builders.set(token, b);
    }
    ts += 1;
    b.add(tickBar(ts, price, volume));
  };
}

export async function run() {
  const official = new KiteTicker({ api_key: 'bench', access_token: 'bench' });
  const reused = createKiteTick();
  let sink = 0;
  const onTick = (t) => {
    sink += t.lastPricePaise;
  };
  for (const mode of ['quote', 'full']) {
    const perMessage = 50;
    const buffer = message(mode, perMessage);
    const ours = rate((b) => decodeKiteTickerMessage(b), buffer, perMessage);
    const oursReused = rate((b) => forEachKiteTick(b, onTick, reused), buffer, perMessage);
    const theirs = rate((b) => official.parseBinary(b), buffer, perMessage);
    const fmt = (n) => `${(n / 1e6).toFixed(2)} M ticks/s`;
    console.log(
      `${mode.padEnd(5)} decode: ours ${fmt(ours)} (${(ours / theirs).toFixed(1)}×), ours reused ${fmt(oursReused)} ` +
        `(${(oursReused / theirs).toFixed(1)}×), kiteconnect ${fmt(theirs)}`,
    );
    // Decoding plus candle aggregation, the hub's hot path, on both parsers.
    const foldOurs = aggregator();
    const foldTheirs = aggregator();
    const oursAgg = rate(
      (b) => forEachKiteTick(b, (t) => foldOurs(t.instrumentToken, t.lastPricePaise / 100, t.volume), reused),
      buffer,
      perMessage,
    );
    const theirsAgg = rate(
      (b) => {
        for (const t of official.parseBinary(b)) foldTheirs(t.instrument_token, t.last_price, t.volume_traded ?? 0);
      },
      buffer,
      perMessage,
    );
    const verdict = oursAgg >= 2e6 && oursAgg / theirsAgg >= 3 ? 'meets' : 'MISSES';
    console.log(
      `${mode.padEnd(5)} decode + 1m candles: ours ${fmt(oursAgg)}, kiteconnect ${fmt(theirsAgg)}, ` +
        `ratio ${(oursAgg / theirsAgg).toFixed(1)}× (target ≥ 2 M ticks/s and ≥ 3×: ${verdict})`,
    );
  }
  if (sink === 42) console.log('');
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
