import { describe, expect, it } from 'vitest';
import { aggregate, CandleBuilder, sessionBuckets, tickBar, utcBuckets, type Candle } from './candles.logic.js';

const z = (iso: string) => Date.parse(iso);
const nifty = { timezone: 'Asia/Kolkata', marketOpenTime: '09:15' };

describe('bucket clocks', () => {
  it('aligns Binance buckets to UTC', () => {
    expect(utcBuckets('5m').startOf(z('2026-11-23T10:07:31Z'))).toBe(z('2026-11-23T10:05:00Z'));
    expect(utcBuckets('4h').startOf(z('2026-11-23T10:07:31Z'))).toBe(z('2026-11-23T08:00:00Z'));
    expect(utcBuckets('1d').startOf(z('2026-11-23T23:59:59Z'))).toBe(z('2026-11-23T00:00:00Z'));
  });

  it('aligns Kite intraday buckets to the 09:15 IST open', () => {
    // 10:50 IST falls in the 10:45 30m candle and the 10:15 1h candle.
    const at = z('2026-11-23T05:20:00Z');
    expect(sessionBuckets('30m', nifty).startOf(at)).toBe(z('2026-11-23T05:15:00Z'));
    expect(sessionBuckets('1h', nifty).startOf(at)).toBe(z('2026-11-23T04:45:00Z'));
    expect(sessionBuckets('4h', nifty).startOf(z('2026-11-23T08:00:00Z'))).toBe(z('2026-11-23T07:45:00Z'));
  });

  it('starts Kite day candles at IST midnight and ends them at the next', () => {
    const day = sessionBuckets('1d', nifty);
    const start = day.startOf(z('2026-11-23T05:20:00Z'));
    expect(start).toBe(z('2026-11-22T18:30:00Z'));
    expect(day.endOf(start)).toBe(z('2026-11-23T18:30:00Z'));
  });

  it('keeps a 23-hour day across a DST change', () => {
    const ny = sessionBuckets('1d', { timezone: 'America/New_York', marketOpenTime: '09:30' });
    const start = ny.startOf(z('2026-03-08T12:00:00Z'));
    expect(day(ny.endOf(start) - start)).toBe(23);
  });
});

const day = (ms: number) => ms / 3_600_000;

describe('aggregate', () => {
  it('builds 4h candles from 1h ones, session-aligned (Kite has no 4h)', () => {
    const hours: Candle[] = [0, 1, 2, 3, 4].map((i) => ({
      ts: z('2026-11-23T03:45:00Z') + i * 3_600_000,
      open: 100 + i,
      high: 110 + i,
      low: 90 - i,
      close: 105 + i,
      volume: 10,
    }));
    const fourHours = aggregate(hours, sessionBuckets('4h', nifty));
    expect(fourHours).toEqual([
      { ts: z('2026-11-23T03:45:00Z'), open: 100, high: 113, low: 87, close: 108, volume: 40 },
      { ts: z('2026-11-23T07:45:00Z'), open: 104, high: 114, low: 86, close: 109, volume: 10 },
    ]);
  });
});

describe('CandleBuilder', () => {
  it('reports a candle when the first tick of the next bucket arrives', () => {
    const b = new CandleBuilder(utcBuckets('1m'));
    const t0 = z('2026-11-23T10:00:00Z');
    expect(b.add(tickBar(t0 + 1_000, 100, 1))).toEqual([]);
    expect(b.add(tickBar(t0 + 20_000, 103, 2))).toEqual([]);
    expect(b.add(tickBar(t0 + 40_000, 99, 3))).toEqual([]);
    expect(b.add(tickBar(t0 + 59_999, 101, 4))).toEqual([]);
    expect(b.add(tickBar(t0 + 60_000, 102, 5))).toEqual([
      { ts: t0, open: 100, high: 103, low: 99, close: 101, volume: 10 },
    ]);
    expect(b.peek()).toMatchObject({ ts: t0 + 60_000, open: 102 });
  });

  it('closes the candle on time even without a next tick', () => {
    const b = new CandleBuilder(utcBuckets('5m'));
    const t0 = z('2026-11-23T10:00:00Z');
    b.add(tickBar(t0 + 5_000, 50));
    expect(b.flush(t0 + 299_999)).toEqual([]);
    expect(b.flush(t0 + 300_000)).toHaveLength(1);
    expect(b.peek()).toBeNull();
  });

  it('ignores a late tick of an already closed candle', () => {
    const b = new CandleBuilder(utcBuckets('1m'));
    const t0 = z('2026-11-23T10:00:00Z');
    b.add(tickBar(t0 + 61_000, 10));
    expect(b.add(tickBar(t0 + 1_000, 999))).toEqual([]);
    expect(b.peek()?.high).toBe(10);
  });
});
