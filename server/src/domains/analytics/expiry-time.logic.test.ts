import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expiryCloseAt, TRADING_MINUTES_PER_YEAR, tradingMinutesBetween, yearsToExpiry } from './expiry-time.logic.js';

/*
 * Time to expiry in trading minutes: only 09:15–15:30 IST on weekdays that are not holidays count.
 */

/** An IST wall-clock time as an instant. */
const ist = (text: string) => Date.parse(`${text}+05:30`);
const none = new Set<string>();

describe('expiryCloseAt', () => {
  it('is 15:30 IST on the expiry day', () => {
    expect(expiryCloseAt('2026-11-26')).toBe(ist('2026-11-26T15:30:00'));
  });
});

describe('tradingMinutesBetween', () => {
  it('counts four whole sessions from Monday 09:15 to Thursday 15:30', () => {
    expect(tradingMinutesBetween(ist('2026-11-23T09:15:00'), ist('2026-11-26T15:30:00'), none)).toBe(4 * 375);
  });

  it('skips the night and the weekend: Friday 15:00 to Monday 09:45 is an hour', () => {
    expect(tradingMinutesBetween(ist('2026-11-27T15:00:00'), ist('2026-11-30T09:45:00'), none)).toBe(60);
  });

  it('counts nothing from a Saturday to the Monday open, and parts of a minute', () => {
    expect(tradingMinutesBetween(ist('2026-11-28T10:00:00'), ist('2026-11-30T09:15:00'), none)).toBe(0);
    expect(tradingMinutesBetween(ist('2026-11-30T09:15:00'), ist('2026-11-30T09:15:30'), none)).toBe(0.5);
  });

  it('skips a listed holiday', () => {
    const from = ist('2026-11-23T09:15:00');
    const to = ist('2026-11-26T15:30:00');
    expect(tradingMinutesBetween(from, to, new Set(['2026-11-24']))).toBe(3 * 375);
  });

  it('is zero backwards, adds up over any split, and never exceeds the clock time', () => {
    const start = ist('2026-11-20T00:00:00');
    const span = 40 * 86_400_000;
    const holidays = new Set(['2026-11-24', '2026-12-03']);
    fc.assert(
      fc.property(
        fc.tuple(
          fc.integer({ min: 0, max: span }),
          fc.integer({ min: 0, max: span }),
          fc.integer({ min: 0, max: span }),
        ),
        (offsets) => {
          const [a, b, c] = offsets.map((o) => start + o).sort((x, y) => x - y) as [number, number, number];
          const whole = tradingMinutesBetween(a, c, holidays);
          expect(whole).toBeCloseTo(tradingMinutesBetween(a, b, holidays) + tradingMinutesBetween(b, c, holidays), 9);
          expect(whole).toBeLessThanOrEqual((c - a) / 60_000);
          expect(tradingMinutesBetween(c, a, holidays)).toBe(0);
        },
      ),
    );
  });
});

describe('yearsToExpiry', () => {
  it('is trading minutes over 252 × 375, and zero after the close', () => {
    const monday = ist('2026-11-23T09:15:00');
    expect(yearsToExpiry({ now: monday, expiryDay: '2026-11-26' })).toBe(1500 / TRADING_MINUTES_PER_YEAR);
    expect(yearsToExpiry({ now: monday, expiryDay: '2026-11-26' })).toBeCloseTo(4 / 252, 15);
    expect(
      yearsToExpiry({ now: monday, expiryDay: '2026-11-26', holidays: new Set(['2026-11-24']), minutesPerYear: 375 }),
    ).toBe(3);
    expect(yearsToExpiry({ now: ist('2026-11-26T15:30:01'), expiryDay: '2026-11-26' })).toBe(0);
  });
});
