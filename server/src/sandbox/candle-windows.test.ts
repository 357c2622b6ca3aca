import { describe, expect, it } from 'vitest';
import { binanceCandleEnd, binanceCandleStart, kiteCandleStart, kiteCandleStarts } from './candle-windows.js';

const ist = (h: number, m: number) => Date.UTC(2025, 11, 9, h, m) / 1000 - 19_800;

describe('Kite candle alignment', () => {
  it('aligns intraday candles to 09:15 IST and days to IST midnight', () => {
    expect(kiteCandleStart('minute', ist(9, 16) + 30)).toBe(ist(9, 16));
    expect(kiteCandleStart('10minute', ist(9, 31))).toBe(ist(9, 25));
    expect(kiteCandleStart('30minute', ist(10, 0))).toBe(ist(9, 45));
    expect(kiteCandleStart('60minute', ist(10, 14))).toBe(ist(9, 15));
    expect(kiteCandleStart('day', ist(23, 59))).toBe(ist(0, 0));
    expect(kiteCandleStart('day', ist(0, 0) - 1)).toBe(ist(0, 0) - 86_400);
  });

  it('lists candles starting within [from, to], both ends inclusive', () => {
    expect(kiteCandleStarts('5minute', ist(9, 16), ist(9, 30))).toEqual([ist(9, 20), ist(9, 25), ist(9, 30)]);
  });
});

describe('Binance kline alignment', () => {
  it('aligns to UTC, weeks to Monday and months to the calendar', () => {
    const t = Date.UTC(2025, 11, 10, 13, 47, 12);
    expect(binanceCandleStart('1m', t)).toBe(Date.UTC(2025, 11, 10, 13, 47));
    expect(binanceCandleStart('4h', t)).toBe(Date.UTC(2025, 11, 10, 12));
    expect(binanceCandleStart('1d', t)).toBe(Date.UTC(2025, 11, 10));
    expect(binanceCandleStart('1w', t)).toBe(Date.UTC(2025, 11, 8));
    expect(binanceCandleStart('1M', t)).toBe(Date.UTC(2025, 11, 1));
    expect(binanceCandleEnd('1M', Date.UTC(2025, 11, 1))).toBe(Date.UTC(2026, 0, 1));
    expect(binanceCandleEnd('1h', Date.UTC(2025, 11, 10, 13))).toBe(Date.UTC(2025, 11, 10, 14));
  });
});
