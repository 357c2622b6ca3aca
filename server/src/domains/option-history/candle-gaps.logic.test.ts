import { describe, expect, it } from 'vitest';
import { gapsOf, nseMinutes } from './candle-gaps.logic.js';

const ist = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00+05:30`);
const NONE = new Set<string>();

describe('NSE minutes', () => {
  it('are 09:15 to 15:29 IST of weekdays that are no holiday', () => {
    // Fri 20 Nov to Tue 24 Nov 2026, Monday a holiday: Friday and Tuesday only.
    const minutes = [...nseMinutes(ist('2026-11-20', '00:00'), ist('2026-11-25', '00:00'), new Set(['2026-11-23']))];
    expect(minutes).toHaveLength(2 * 375);
    expect(minutes[0]).toBe(ist('2026-11-20', '09:15'));
    expect(minutes[374]).toBe(ist('2026-11-20', '15:29'));
    expect(minutes[375]).toBe(ist('2026-11-24', '09:15'));
  });

  it('start at the first whole minute at or after `from` and stop before `to`', () => {
    const minutes = [...nseMinutes(ist('2026-11-20', '10:00') + 1, ist('2026-11-20', '10:03'), NONE)];
    expect(minutes).toEqual([ist('2026-11-20', '10:01'), ist('2026-11-20', '10:02')]);
  });
});

describe('gaps of a contract', () => {
  const from = ist('2026-11-20', '09:15');
  const to = ist('2026-11-20', '09:20');

  it('counts the minutes without a candle and names the first', () => {
    const have = new Set([ist('2026-11-20', '09:15'), ist('2026-11-20', '09:18')]);
    expect(gapsOf(have, '2026-11-26', from, to, NONE)).toEqual({
      missing: 3,
      firstMissing: ist('2026-11-20', '09:16'),
    });
  });

  it('finds none when every minute has its candle', () => {
    const have = new Set([...nseMinutes(from, to, NONE)]);
    expect(gapsOf(have, '2026-11-26', from, to, NONE)).toEqual({ missing: 0, firstMissing: null });
  });

  it('does not count minutes after the contract’s expiry close', () => {
    const span = [ist('2026-11-24', '15:25'), ist('2026-11-26', '12:00')] as const;
    expect(gapsOf(new Set(), '2026-11-24', ...span, NONE)).toEqual({
      missing: 5,
      firstMissing: ist('2026-11-24', '15:25'),
    });
  });
});
