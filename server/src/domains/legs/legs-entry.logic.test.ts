import type { LegsEntry } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEntry, type EntryCheck, type EntryWatch } from './legs-entry.logic.js';

type Entry = Extract<LegsEntry, { kind: 'range_breakout' | 'wait_and_trade' }>;

const OPEN = 555; // 09:15
const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const input = (minutes: number, pricePaise: number) => ({
  pricePaise,
  minutes,
  openMinutes: OPEN,
  underlying: 'NIFTY',
});

/** Feeds closes in order, carrying the watch as the caller does; returns every answer. */
function day(entry: Entry, closes: readonly (readonly [string, number])[]): EntryCheck[] {
  let watch: EntryWatch | null = null;
  return closes.map(([time, price]) => {
    const check = checkEntry(entry, watch, input(at(time), price));
    watch = check.watch;
    return check;
  });
}

const breakout = (minutes: number, side: 'above' | 'below' | 'either'): Entry => ({
  kind: 'range_breakout',
  minutes,
  side,
});

const move = (
  unit: 'percent' | 'points',
  value: number,
  direction: 'up' | 'down' | 'either',
  referenceAt = '09:30',
): Entry => ({ kind: 'wait_and_trade', reference_at: referenceAt, unit, value, direction });

/** A range of 09:15–09:30 with high ₹23,410.50 and low ₹23,120.00, as watched after its last close. */
const RANGE: EntryWatch = {
  kind: 'range',
  fromMinutes: OPEN + 1,
  toMinutes: OPEN + 15,
  highPaise: 23_410_50,
  lowPaise: 23_120_00,
};

describe('checkEntry: range breakout', () => {
  it('measures the range over the closes of the first N minutes, high and low', () => {
    const checks = day(breakout(3, 'either'), [
      ['09:16', 100_00],
      ['09:17', 103_00],
      ['09:18', 98_00],
    ]);
    expect(checks.map((c) => c.due)).toEqual([false, false, false]);
    expect(checks[0]?.waiting).toBe(
      "Measuring NIFTY's range of 09:15–09:18 until 09:18 (high ₹100.00, low ₹100.00 so far)",
    );
    expect(checks[1]?.watch).toEqual({
      kind: 'range',
      fromMinutes: 556,
      toMinutes: 558,
      highPaise: 103_00,
      lowPaise: 100_00,
    });
    // The close at open+N is the range's last: the trader now waits for the breakout.
    expect(checks[2]?.watch).toEqual({
      kind: 'range',
      fromMinutes: 556,
      toMinutes: 558,
      highPaise: 103_00,
      lowPaise: 98_00,
    });
    expect(checks[2]?.waiting).toBe('Waiting for NIFTY above ₹103.00 or below ₹98.00 (range of 09:15–09:18)');
  });

  it('measures the range on the candles’ highs and lows where known, and breaks out on a close past them', () => {
    const entry = breakout(3, 'above');
    let watch: EntryWatch | null = null;
    const candle = (time: string, close: number, high: number, low: number) => {
      const check = checkEntry(entry, watch, { ...input(at(time), close), range: { highPaise: high, lowPaise: low } });
      watch = check.watch;
      return check;
    };
    candle('09:16', 2_340_000, 2_345_000, 2_338_000);
    candle('09:17', 2_341_000, 2_349_000, 2_339_000);
    candle('09:18', 2_342_000, 2_343_000, 2_335_000);
    expect(watch).toMatchObject({ highPaise: 2_349_000, lowPaise: 2_335_000 });
    // A close above every close of the range but not above its high is no breakout; a wick past it is none either.
    expect(candle('09:19', 2_348_000, 2_352_000, 2_347_000).due).toBe(false);
    expect(candle('09:20', 2_349_050, 2_349_100, 2_348_000).due).toBe(true);
  });

  it('is never due while the range is measured, however far the price moves', () => {
    const checks = day(breakout(2, 'either'), [
      ['09:16', 100_00],
      ['09:17', 500_00],
    ]);
    expect(checks.every((c) => !c.due && c.problem === null)).toBe(true);
  });

  it('waits before the open without keeping anything', () => {
    const check = checkEntry(breakout(15, 'above'), null, input(OPEN, 100_00));
    expect(check).toEqual({
      due: false,
      watch: null,
      waiting: "Waiting for the open at 09:15 to measure NIFTY's range of 09:15–09:30",
      problem: null,
    });
  });

  it('is due above only past the high: exactly at the high is no breakout', () => {
    const entry = breakout(15, 'above');
    expect(checkEntry(entry, RANGE, input(OPEN + 16, 23_410_50)).due).toBe(false);
    expect(checkEntry(entry, RANGE, input(OPEN + 16, 23_410_51))).toEqual({
      due: true,
      watch: RANGE,
      waiting: null,
      problem: null,
    });
    // A fall below the low is not this side's breakout.
    expect(checkEntry(entry, RANGE, input(OPEN + 16, 1_00)).due).toBe(false);
  });

  it('is due below only past the low: exactly at the low is no breakout', () => {
    const entry = breakout(15, 'below');
    expect(checkEntry(entry, RANGE, input(OPEN + 16, 23_120_00)).due).toBe(false);
    expect(checkEntry(entry, RANGE, input(OPEN + 16, 23_119_99)).due).toBe(true);
    expect(checkEntry(entry, RANGE, input(OPEN + 16, 99_999_00)).due).toBe(false);
  });

  it('is due either way past the high or the low', () => {
    const entry = breakout(15, 'either');
    expect(checkEntry(entry, RANGE, input(OPEN + 16, 23_410_51)).due).toBe(true);
    expect(checkEntry(entry, RANGE, input(OPEN + 16, 23_119_99)).due).toBe(true);
    expect(checkEntry(entry, RANGE, input(OPEN + 16, 23_300_00)).due).toBe(false);
  });

  it('names only the levels of its side while waiting', () => {
    const words = (side: 'above' | 'below' | 'either') =>
      checkEntry(breakout(15, side), RANGE, input(OPEN + 20, 23_300_00)).waiting;
    expect(words('above')).toBe('Waiting for NIFTY above ₹23,410.50 (range of 09:15–09:30)');
    expect(words('below')).toBe('Waiting for NIFTY below ₹23,120.00 (range of 09:15–09:30)');
    expect(words('either')).toBe('Waiting for NIFTY above ₹23,410.50 or below ₹23,120.00 (range of 09:15–09:30)');
  });

  it('does not extend the range after open+N', () => {
    const check = checkEntry(breakout(15, 'above'), RANGE, input(OPEN + 16, 23_400_00));
    expect(check.watch).toBe(RANGE);
  });

  it('refuses the day when the first close seen is after the range’s first minute', () => {
    const checks = day(breakout(15, 'either'), [
      ['09:22', 23_300_00],
      ['09:25', 23_300_00],
      ['10:00', 99_999_00],
    ]);
    const problem =
      "The first 15 minutes' range was not seen from 09:15 (the first price was at 09:22): no breakout entry today";
    expect(checks.map((c) => [c.due, c.waiting, c.problem])).toEqual([
      [false, null, problem],
      [false, null, problem],
      [false, null, problem],
    ]);
    expect(checks[2]?.watch).toEqual({
      kind: 'range',
      fromMinutes: 562,
      toMinutes: 570,
      highPaise: 23_300_00,
      lowPaise: 23_300_00,
    });
  });

  it('refuses the day when the first close seen is after the whole range, in the singular for one minute', () => {
    const check = checkEntry(breakout(1, 'either'), null, input(at('11:00'), 100_00));
    expect(check.problem).toBe(
      "The first minute's range was not seen from 09:15 (the first price was at 11:00): no breakout entry today",
    );
  });

  it('takes a one-minute range from the open’s first close and trades from the next', () => {
    const checks = day(breakout(1, 'above'), [
      ['09:16', 100_00],
      ['09:17', 100_01],
    ]);
    expect(checks[0]?.waiting).toBe('Waiting for NIFTY above ₹100.00 (range of 09:15–09:16)');
    expect(checks[1]?.due).toBe(true);
  });

  it('treats a range kept for another length (the setting was edited today) as not seen from the open', () => {
    const check = checkEntry(breakout(30, 'above'), RANGE, input(OPEN + 31, 99_999_00));
    expect(check.due).toBe(false);
    expect(check.problem).toContain("first 30 minutes' range was not seen");
  });

  it('matches the high and low of the range’s closes, and breaks out only past them (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 31, maxLength: 31 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (minutes, prices, after) => {
          let watch: EntryWatch | null = null;
          for (let i = 1; i <= minutes; i++) {
            const check = checkEntry(breakout(minutes, 'either'), watch, input(OPEN + i, prices[i - 1] ?? 0));
            expect(check.due).toBe(false);
            watch = check.watch;
          }
          const inRange = prices.slice(0, minutes);
          const high = Math.max(...inRange);
          const low = Math.min(...inRange);
          expect(watch).toEqual({
            kind: 'range',
            fromMinutes: OPEN + 1,
            toMinutes: OPEN + minutes,
            highPaise: high,
            lowPaise: low,
          });
          const check = checkEntry(breakout(minutes, 'either'), watch, input(OPEN + minutes + 1, after));
          expect(check.due).toBe(after > high || after < low);
        },
      ),
    );
  });
});

describe('checkEntry: wait and trade', () => {
  it('waits for the reference time without keeping anything', () => {
    expect(checkEntry(move('points', 100, 'up'), null, input(at('09:29'), 23_000_00))).toEqual({
      due: false,
      watch: null,
      waiting: "Waiting for 09:30 to take NIFTY's reference price",
      problem: null,
    });
  });

  it('takes the reference at the first close at or after the time, and is never due on that close', () => {
    const check = checkEntry(move('points', 0.01, 'either'), null, input(at('09:30'), 23_365_00));
    expect(check.due).toBe(false);
    expect(check.watch).toEqual({ kind: 'reference', atMinutes: 570, referencePaise: 23_365_00 });
    expect(check.waiting).toBe(
      'Waiting for NIFTY at ₹23,365.01 or above, or ₹23,364.99 or below (0.01 points from ₹23,365.00 at 09:30)',
    );
    // A first close after the time takes the reference there, and says when.
    const late = checkEntry(move('points', 100, 'up'), null, input(at('09:41'), 23_365_00));
    expect(late.watch).toEqual({ kind: 'reference', atMinutes: 581, referencePaise: 23_365_00 });
    expect(late.waiting).toBe('Waiting for NIFTY at ₹23,465.00 or above (100 points from ₹23,365.00 at 09:41)');
  });

  it('is due up at exactly the reference plus the points, not a paisa short', () => {
    const reference: EntryWatch = { kind: 'reference', atMinutes: 570, referencePaise: 23_365_00 };
    const entry = move('points', 117.5, 'up');
    expect(checkEntry(entry, reference, input(571, 23_482_49)).due).toBe(false);
    expect(checkEntry(entry, reference, input(571, 23_482_50))).toEqual({
      due: true,
      watch: reference,
      waiting: null,
      problem: null,
    });
    expect(checkEntry(entry, reference, input(571, 1_00)).due).toBe(false);
  });

  it('is due down at exactly the reference minus the move', () => {
    const reference: EntryWatch = { kind: 'reference', atMinutes: 570, referencePaise: 23_365_00 };
    const entry = move('points', 65, 'down');
    expect(checkEntry(entry, reference, input(600, 23_300_01)).due).toBe(false);
    expect(checkEntry(entry, reference, input(600, 23_300_00)).due).toBe(true);
    expect(checkEntry(entry, reference, input(600, 99_999_00)).due).toBe(false);
    expect(checkEntry(entry, reference, input(600, 23_300_01)).waiting).toBe(
      'Waiting for NIFTY at ₹23,300.00 or below (65 points from ₹23,365.00 at 09:30)',
    );
  });

  it('rounds a percent move up to the next paisa', () => {
    // 0.5 % of ₹23,365.01 is ₹116.82505: the move needs ₹116.83.
    const reference: EntryWatch = { kind: 'reference', atMinutes: 570, referencePaise: 23_365_01 };
    const entry = move('percent', 0.5, 'either');
    expect(checkEntry(entry, reference, input(571, 23_481_83)).due).toBe(false);
    expect(checkEntry(entry, reference, input(571, 23_481_84)).due).toBe(true);
    expect(checkEntry(entry, reference, input(571, 23_248_18)).due).toBe(true);
    expect(checkEntry(entry, reference, input(571, 23_248_19)).due).toBe(false);
    expect(checkEntry(entry, reference, input(571, 23_400_00)).waiting).toBe(
      'Waiting for NIFTY at ₹23,481.84 or above, or ₹23,248.18 or below (0.5 % from ₹23,365.01 at 09:30)',
    );
  });

  it('keeps an exact percent move exact', () => {
    const reference: EntryWatch = { kind: 'reference', atMinutes: 570, referencePaise: 23_365_00 };
    const check = checkEntry(move('percent', 0.5, 'up'), reference, input(571, 23_000_00));
    expect(check.waiting).toBe('Waiting for NIFTY at ₹23,481.83 or above (0.5 % from ₹23,365.00 at 09:30)');
  });

  it('refuses a fall that would take the price to zero or below, and leaves that side out of either', () => {
    const reference: EntryWatch = { kind: 'reference', atMinutes: 570, referencePaise: 500_00 };
    const down = checkEntry(move('points', 600, 'down'), reference, input(571, 1));
    expect(down.due).toBe(false);
    expect(down.problem).toBe(
      'NIFTY cannot fall 600 points from ₹500.00 at 09:30, to zero or below: no wait-and-trade entry today',
    );
    const either = checkEntry(move('points', 600, 'either'), reference, input(571, 1));
    expect(either.due).toBe(false);
    expect(either.waiting).toBe('Waiting for NIFTY at ₹1,100.00 or above (600 points from ₹500.00 at 09:30)');
  });

  it('takes the reference again when the kept one predates the reference time (the setting was edited today)', () => {
    const early: EntryWatch = { kind: 'reference', atMinutes: 570, referencePaise: 23_000_00 };
    const check = checkEntry(move('points', 10, 'up', '10:00'), early, input(at('10:00'), 24_000_00));
    expect(check.due).toBe(false);
    expect(check.watch).toEqual({ kind: 'reference', atMinutes: 600, referencePaise: 24_000_00 });
  });
});

describe('checkEntry: a day close by close', () => {
  it('measures a 15-minute range, waits, and breaks out above on the first close past the high', () => {
    const closes: [string, number][] = [['09:15', 23_000_00]];
    for (let m = 1; m <= 15; m++) closes.push([`09:${15 + m}`, 23_200_00 + (m % 4) * 50_00]);
    closes.push(['09:31', 23_350_00], ['09:32', 23_350_01], ['09:33', 23_400_00]);
    const checks = day(breakout(15, 'above'), closes);
    const dueAt = checks.findIndex((c) => c.due);
    expect(closes[dueAt]?.[0]).toBe('09:32');
    expect(checks[0]?.watch).toBeNull();
    expect(checks.slice(1, 15).every((c) => c.waiting?.startsWith("Measuring NIFTY's range of 09:15–09:30"))).toBe(
      true,
    );
    expect(checks[15]?.waiting).toBe('Waiting for NIFTY above ₹23,350.00 (range of 09:15–09:30)');
    expect(checks.every((c) => c.problem === null)).toBe(true);
  });

  it('waits for 09:30, takes the reference, and enters on the first close 0.5 % away', () => {
    const checks = day(move('percent', 0.5, 'either'), [
      ['09:16', 23_000_00],
      ['09:29', 23_000_00],
      ['09:30', 23_365_00],
      ['09:31', 23_481_82],
      ['09:45', 23_300_00],
      ['10:05', 23_248_17],
    ]);
    expect(checks.map((c) => c.due)).toEqual([false, false, false, false, false, true]);
    expect(checks[1]?.waiting).toBe("Waiting for 09:30 to take NIFTY's reference price");
    expect(checks[3]?.waiting).toBe(
      'Waiting for NIFTY at ₹23,481.83 or above, or ₹23,248.17 or below (0.5 % from ₹23,365.00 at 09:30)',
    );
    expect(checks[5]?.watch).toEqual({ kind: 'reference', atMinutes: 570, referencePaise: 23_365_00 });
  });
});
