import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { rdxStrategy } from '../rdx/rdx-strategy.logic.js';
import { NSE_HOLIDAYS } from '../calendar/nse-holidays.js';
import { runBacktest, type BacktestSpec } from './backtest-engine.js';
import { backtestResults } from './backtest-results.logic.js';
import { createModelMarket } from './model-market.logic.js';
import { listedRoot } from './option-roots.logic.js';
import { modelPriceSource } from './price-sources.js';
import type { UnderlyingCandle } from './backtest.types.js';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const MINUTE = 60_000;

/** NSE minutes (09:15–15:30 IST) of the given IST days, the index walking `path` paise per minute from `startPaise`. */
function nseCandles(days: string[], startPaise: number, step: (i: number) => number): UnderlyingCandle[] {
  const out: UnderlyingCandle[] = [];
  let price = startPaise;
  let i = 0;
  for (const day of days) {
    const open = Date.parse(`${day}T09:15:00+05:30`);
    for (let m = 0; m < 375; m++) {
      const next = price + step(i++);
      out.push({ ts: open + m * MINUTE, openPaise: price, closePaise: next });
      price = next;
    }
  }
  return out;
}

function niftySpec(candles: UnderlyingCandle[], overrides: Partial<BacktestSpec> = {}): BacktestSpec {
  const root = listedRoot('NIFTY', NSE_HOLIDAYS)!;
  return {
    type: rdxStrategy,
    // 1 lot, no ATM yet, ₹200 offset (paise), decided on 15-minute closes.
    configValues: [1, 0, 20_000],
    interval: '15m',
    mapping: { ceCount: 1, peCount: 1, startTime: null, endTime: null },
    instrument: {
      name: 'NIFTY 50',
      ticker: 'NIFTY',
      instrumentToken: '256265',
      marketOpenTime: '09:15',
      marketCloseTime: '15:30',
      timezone: 'Asia/Kolkata',
      tradingDays: '1,2,3,4,5',
      marketProtection: 2,
    },
    lotSizeOn: (day) => root.lotOn(root.expiriesOn(day, 1)[0]!.date, day),
    candles: aggregate(candles, 15),
    minutes: [],
    prices: modelPriceSource(createModelMarket(root, 0.14)),
    fillModel: 'close',
    slippageTicks: 0,
    holidays: NSE_HOLIDAYS,
    logger,
    ...overrides,
  };
}

/** 1-minute candles as `n`-minute ones (open of the first, close of the last). */
function aggregate(candles: UnderlyingCandle[], n: number): UnderlyingCandle[] {
  const out: UnderlyingCandle[] = [];
  for (let i = 0; i < candles.length; i += n) {
    const group = candles.slice(i, i + n);
    out.push({ ts: group[0]!.ts, openPaise: group[0]!.openPaise, closePaise: group[group.length - 1]!.closePaise });
  }
  return out;
}

describe('a backtest runs the engine itself', () => {
  it('enters a strangle at the first close, realigns as the index walks a strike, and books charges', async () => {
    // Two trading days of Nov 2026; NIFTY from 24,000 rising ₹2 a minute: 750 minutes, +₹1,500, many strikes.
    const candles = nseCandles(['2026-11-25', '2026-11-26'], 2_400_000, () => 200);
    const outcome = await runBacktest(niftySpec(candles));
    const [first, second] = outcome.fills;
    // The first close (09:30) sells a CE ₹200 above and a PE ₹200 below the ATM, one lot of 65 each.
    expect(first).toMatchObject({ quantity: 65, reason: 'entry' });
    expect(second).toMatchObject({ quantity: 65, reason: 'entry' });
    // ₹24,030 at 09:30: ATM 24,050; the nearest weekly after Wed 25 Nov is Tue 1 Dec.
    expect([first!.tradingSymbol, second!.tradingSymbol].sort()).toEqual(['NIFTY26D0123850PE', 'NIFTY26D0124250CE']);
    expect(outcome.fills.some((f) => f.reason === 'realign')).toBe(true);
    const results = backtestResults(outcome.fills, outcome.equity.points(), 2, 10);
    expect(results.summary.chargesPaise).toBeGreaterThan(0);
    // Σ days = the run's net; charges of the fills add up to the summary's.
    expect(results.daily.reduce((s, d) => s + d.netPaise, 0)).toBe(results.summary.netPaise);
    expect(results.fills.reduce((s, f) => s + f.chargesPaise, 0)).toBe(results.summary.chargesPaise);
  });

  it('gives the same fills and hash on the same inputs, and different ones with slippage', async () => {
    const candles = nseCandles(['2026-11-25'], 2_400_000, (i) => (i % 40 < 20 ? 300 : -300));
    const a = await runBacktest(niftySpec(candles));
    const b = await runBacktest(niftySpec(candles));
    const hash = (o: typeof a) => backtestResults(o.fills, o.equity.points(), 1, 10).summary.resultHash;
    expect(hash(a)).toBe(hash(b));
    const slipped = await runBacktest(niftySpec(candles, { slippageTicks: 2 }));
    expect(slipped.fills.length).toBe(a.fills.length);
    // A sale gets 2 ticks (₹0.10) less than at the close.
    expect(slipped.fills[0]!.pricePaise).toBe(a.fills[0]!.pricePaise - 10);
    expect(hash(slipped)).not.toBe(hash(a));
  });
});
