import { describe, expect, it } from 'vitest';
import { emptyMinuteCandles, foldPrice, takeFinished } from './minute-candles.logic.js';

const CE = { underlying: 'NIFTY', expiry: '2026-11-25', strikePaise: 2_450_000, optionType: 'CE' as const };
const PE = { ...CE, optionType: 'PE' as const };
const T0 = Date.UTC(2026, 10, 20, 4, 0); // 09:30 IST

describe('minute candles from quotes', () => {
  it('opens at the first price, moves high, low and close, and is written only once its minute ends', () => {
    const s = emptyMinuteCandles();
    foldPrice(s, CE, 100_00, T0 + 1_000);
    foldPrice(s, CE, 104_00, T0 + 20_000);
    foldPrice(s, CE, 98_50, T0 + 40_000);
    foldPrice(s, CE, 101_00, T0 + 59_999);
    expect(takeFinished(s, T0 + 59_999)).toEqual([]);
    expect(takeFinished(s, T0 + 60_000)).toEqual([
      {
        ...CE,
        ts: T0,
        openPaise: 100_00,
        highPaise: 104_00,
        lowPaise: 98_50,
        closePaise: 101_00,
        volume: null,
        oi: null,
      },
    ]);
    expect(takeFinished(s, T0 + 120_000)).toEqual([]);
  });

  it('keeps contracts apart and closes a minute when the next one’s price comes', () => {
    const s = emptyMinuteCandles();
    foldPrice(s, CE, 100_00, T0);
    foldPrice(s, PE, 80_00, T0 + 5_000);
    foldPrice(s, CE, 102_00, T0 + 61_000);
    // The CE's 09:30 candle is finished by its 09:31 price; the PE's minute ends by the clock.
    const done = takeFinished(s, T0 + 61_000);
    expect(done.map((c) => [c.optionType, c.ts, c.closePaise])).toEqual([
      ['CE', T0, 100_00],
      ['PE', T0, 80_00],
    ]);
    expect(takeFinished(s, T0 + 120_000).map((c) => [c.optionType, c.ts, c.openPaise])).toEqual([
      ['CE', T0 + 60_000, 102_00],
    ]);
  });

  it('drops a late price of a minute already passed, and prices of nothing', () => {
    const s = emptyMinuteCandles();
    foldPrice(s, CE, 100_00, T0 + 60_000);
    foldPrice(s, CE, 500_00, T0 + 30_000);
    foldPrice(s, CE, 0, T0 + 61_000);
    expect(takeFinished(s, T0 + 120_000)).toMatchObject([{ ts: T0 + 60_000, highPaise: 100_00, lowPaise: 100_00 }]);
  });
});
