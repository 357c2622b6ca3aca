import { describe, expect, it } from 'vitest';
import { isDue, MAX_BACKOFF_MS, paceAfter, type AccountPacing } from './reconcile-pacing.logic.js';

const EVERY = 60_000;
const T0 = Date.parse('2026-11-23T05:00:00Z');

/** The minutes (from T0, one tick a minute) at which a broker that always fails is asked. */
function triesOverMinutes(minutes: number): number[] {
  let pacing: AccountPacing | undefined;
  const asked: number[] = [];
  for (let minute = 0; minute < minutes; minute += 1) {
    const now = T0 + minute * EVERY;
    if (!isDue(pacing, now)) continue;
    asked.push(minute);
    pacing = paceAfter(pacing, true, now, EVERY);
  }
  return asked;
}

describe('reconciliation pacing (issue 27): a failing broker is not hammered', () => {
  it('an account that answers is asked every tick', () => {
    let pacing: AccountPacing | undefined;
    for (let minute = 0; minute < 5; minute += 1) {
      const now = T0 + minute * EVERY;
      expect(isDue(pacing, now)).toBe(true);
      pacing = paceAfter(pacing, false, now, EVERY);
    }
  });

  it('a failing one is asked after 2, 4, 8 minutes, then every 15 at most', () => {
    expect(triesOverMinutes(60)).toEqual([0, 2, 6, 14, 29, 44, 59]);
    expect(MAX_BACKOFF_MS).toBe(15 * EVERY);
  });

  it('one answer puts it back on every tick', () => {
    let pacing = paceAfter(undefined, true, T0, EVERY);
    pacing = paceAfter(pacing, true, T0 + 2 * EVERY, EVERY);
    expect(isDue(pacing, T0 + 3 * EVERY)).toBe(false);
    expect(paceAfter(pacing, false, T0 + 6 * EVERY, EVERY)).toBeUndefined();
  });

  it('never waits less than one interval, however long the interval', () => {
    const hourly = 3_600_000;
    expect(paceAfter(undefined, true, T0, hourly)).toEqual({ failures: 1, nextAt: T0 + hourly });
  });
});
