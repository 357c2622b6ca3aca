import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { LegsConfigInput } from '@app/contract';
import { legsStrategy } from '../legs/legs-strategy.logic.js';
import { NSE_HOLIDAYS } from '../calendar/nse-holidays.js';
import { runBacktest, type BacktestSpec } from './backtest-engine.js';
import { createModelMarket } from './model-market.logic.js';
import { listedRoot } from './option-roots.logic.js';
import { modelPriceSource } from './price-sources.js';
import type { UnderlyingCandle, UnderlyingMinute } from './backtest.types.js';

/*
 * Issue 33 item 3: a backtest judges a Multi-leg leg's stop on each 1-minute candle between its strategy's closes
 * (the candle's high or low crossing it, filled at the stop or at an open beyond it), as the live console judges it
 * on each tick, not only on the closes.
 */

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const MINUTE = 60_000;
const DAY = '2026-11-25';
const OPEN = Date.parse(`${DAY}T09:15:00+05:30`);
/** The minute, counted from 09:15, whose high spikes; inside the 09:30–09:45 candle, not its last minute. */
const SPIKE = 20;

/** A day of NIFTY at ₹24,000 whose minute `SPIKE` reaches `spikeHighPaise` and comes back; `gapOpen` opens it there. */
function day(spikeHighPaise: number, gapOpen = false): UnderlyingMinute[] {
  return Array.from({ length: 375 }, (_, m) => {
    const isSpike = m === SPIKE;
    return {
      ts: OPEN + m * MINUTE,
      openPaise: isSpike && gapOpen ? spikeHighPaise : 2_400_000,
      highPaise: isSpike ? spikeHighPaise : 2_400_000,
      lowPaise: 2_400_000,
      closePaise: 2_400_000,
    };
  });
}

function fifteens(minutes: UnderlyingMinute[]): UnderlyingCandle[] {
  const out: UnderlyingCandle[] = [];
  for (let i = 0; i < minutes.length; i += 15) {
    const group = minutes.slice(i, i + 15);
    out.push({ ts: group[0]!.ts, openPaise: group[0]!.openPaise, closePaise: group[group.length - 1]!.closePaise });
  }
  return out;
}

/** One sold ATM call with a 25 % stop, entered on the first 15-minute close. */
const config: LegsConfigInput = {
  legs: [
    {
      option_type: 'CE',
      side: 'SELL',
      lots: 1,
      expiry: 'current_week',
      strike: { by: 'atm', steps: 0 },
      stop_loss: { unit: 'percent', value: 25 },
    },
  ],
  entry: { kind: 'candle_close', interval: '15m' },
  exit_at: null,
};

function spec(minutes: UnderlyingMinute[], overrides: Partial<BacktestSpec> = {}, legs = config): BacktestSpec {
  const root = listedRoot('NIFTY', NSE_HOLIDAYS)!;
  return {
    type: legsStrategy,
    configValues: legsStrategy.storage.toColumns(legs),
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
    lotSizeOn: (d) => root.lotOn(root.expiriesOn(d, 1)[0]!.date, d),
    candles: fifteens(minutes),
    minutes,
    prices: modelPriceSource(createModelMarket(root, 0.14)),
    fillModel: 'close',
    slippageTicks: 0,
    holidays: NSE_HOLIDAYS,
    logger,
    ...overrides,
  };
}

/** The stop a 25 % stop-loss sets on a sale at `entryPaise`, bought back on the tick at or above it. */
const stopOn = (entryPaise: number) => Math.ceil((entryPaise + Math.ceil(entryPaise / 4)) / 5) * 5;

describe("a backtest judges a leg's stop on 1-minute candles", () => {
  it('stops the sold call inside the candle its high crossed, at the stop, though the close came back', async () => {
    const outcome = await runBacktest(spec(day(2_450_000)));
    const [entry, stop, ...rest] = outcome.fills;
    expect(entry).toMatchObject({ quantity: 65, reason: 'entry', at: OPEN + 15 * MINUTE });
    // Bought back at the end of the spike minute (09:36), not at the 09:45 close, at its stop on the tick.
    expect(stop).toMatchObject({
      tradingSymbol: entry!.tradingSymbol,
      quantity: -65,
      reason: 'stop-loss',
      at: OPEN + (SPIKE + 1) * MINUTE,
      pricePaise: stopOn(entry!.pricePaise),
    });
    // Once: the leg stays out (no re-entry configured), and nothing else trades that day.
    expect(rest).toEqual([]);
  });

  it('fills at the open when the minute opened beyond the stop (a gap through it is the worse price)', async () => {
    const outcome = await runBacktest(spec(day(2_450_000, true)));
    const [entry, stop] = outcome.fills;
    expect(stop).toMatchObject({ reason: 'stop-loss', at: OPEN + (SPIKE + 1) * MINUTE });
    expect(stop!.pricePaise).toBeGreaterThan(stopOn(entry!.pricePaise));
  });

  it('is judged on closes alone without stored minutes: the spike, gone by the close, stops nothing', async () => {
    const minutes = day(2_450_000);
    const outcome = await runBacktest({ ...spec(minutes), minutes: [] });
    expect(outcome.fills.map((f) => f.reason)).toEqual(['entry']);
  });

  it('leaves the leg when the minute high stays short of the stop', async () => {
    const outcome = await runBacktest(spec(day(2_401_000)));
    expect(outcome.fills.map((f) => f.reason)).toEqual(['entry']);
  });

  it('enters a leg again at once at the end of the minute that stopped it, as the tick watch does, and once', async () => {
    const once: LegsConfigInput = {
      ...config,
      legs: [{ ...config.legs[0]!, re_entry: { times: 1, when: 'at_once' } }],
    };
    // Two spikes: the first stops the leg and it re-enters; the second stops the re-entered leg, which stays out.
    const minutes = day(2_450_000).map((m, i) => (i === SPIKE + 30 ? { ...m, highPaise: 2_450_000 } : m));
    const outcome = await runBacktest(spec(minutes, {}, once));
    const spikeEnd = OPEN + (SPIKE + 1) * MINUTE;
    expect(outcome.fills.map((f) => [f.reason, f.quantity, f.at])).toEqual([
      ['entry', 65, OPEN + 15 * MINUTE],
      ['stop-loss', -65, spikeEnd],
      ['entry', 65, spikeEnd],
      ['stop-loss', -65, spikeEnd + 30 * MINUTE],
    ]);
    expect(new Set(outcome.fills.map((f) => f.tradingSymbol)).size).toBe(1);
  });

  it('fills an at-once re-entry at the next minute’s open under next_open, and the stop still at its level', async () => {
    const once: LegsConfigInput = {
      ...config,
      legs: [{ ...config.legs[0]!, re_entry: { times: 1, when: 'at_once' } }],
    };
    // The minute after the spike opens ₹100 higher: the re-entry sells at that open's price, not at the spike's close.
    const minutes = day(2_450_000).map((m, i) => (i === SPIKE + 1 ? { ...m, openPaise: 2_410_000 } : m));
    const atClose = await runBacktest(spec(minutes, {}, once));
    const atNextOpen = await runBacktest(spec(minutes, { fillModel: 'next_open' }, once));
    const reEntry = (o: typeof atClose) => o.fills.find((f, i) => i > 0 && f.reason === 'entry')!;
    expect(reEntry(atNextOpen).at).toBe(reEntry(atClose).at);
    expect(reEntry(atNextOpen).pricePaise).toBeGreaterThan(reEntry(atClose).pricePaise);
    expect(atNextOpen.missing.count).toBe(0);
    const stop = (o: typeof atClose) => o.fills.find((f) => f.reason === 'stop-loss')!;
    expect(stop(atNextOpen).pricePaise).toBe(stopOn(atNextOpen.fills[0]!.pricePaise));
  });
});
