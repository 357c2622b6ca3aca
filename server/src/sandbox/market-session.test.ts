import { describe, expect, it } from 'vitest';
import { isInSession, lastSessionSecond, sessionSlices, type MarketSession } from './market-session.js';

const NSE: MarketSession = { openMinuteIst: 555, closeMinuteIst: 930, holidays: new Set(['2026-11-24']) };
/** Unix seconds of an IST date and time. */
const ist = (date: string, time: string) => Date.parse(`${date}T${time}+05:30`) / 1000;

describe("a market's session", () => {
  it('is 09:15:00 to 15:29:59 IST on a weekday that is no holiday', () => {
    expect(isInSession(NSE, ist('2026-11-23', '09:14:59'))).toBe(false);
    expect(isInSession(NSE, ist('2026-11-23', '09:15:00'))).toBe(true);
    expect(isInSession(NSE, ist('2026-11-23', '15:29:59'))).toBe(true);
    expect(isInSession(NSE, ist('2026-11-23', '15:30:00'))).toBe(false);
    expect(isInSession(NSE, ist('2026-11-24', '11:00:00'))).toBe(false); // holiday
    expect(isInSession(NSE, ist('2026-11-28', '11:00:00'))).toBe(false); // Saturday
    expect(isInSession(undefined, ist('2026-11-28', '03:00:00'))).toBe(true);
  });

  it("stands still outside at the last session's last second, over nights, weekends and holidays", () => {
    const mondayClose = ist('2026-11-23', '15:29:59');
    expect(lastSessionSecond(NSE, ist('2026-11-23', '11:00:00'))).toBe(ist('2026-11-23', '11:00:00'));
    expect(lastSessionSecond(NSE, ist('2026-11-23', '20:00:00'))).toBe(mondayClose);
    expect(lastSessionSecond(NSE, ist('2026-11-24', '12:00:00'))).toBe(mondayClose); // the holiday
    expect(lastSessionSecond(NSE, ist('2026-11-25', '09:14:59'))).toBe(mondayClose); // pre-open
    expect(lastSessionSecond(NSE, ist('2026-11-30', '00:00:00'))).toBe(ist('2026-11-27', '15:29:59')); // Friday's
  });

  it('clips a range to its sessions', () => {
    const week = sessionSlices(NSE, ist('2026-11-23', '00:00:00'), ist('2026-11-30', '00:00:00'));
    expect(week.map(([a]) => new Date(a * 1000).toISOString().slice(0, 10))).toEqual([
      '2026-11-23',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    expect(week[0]).toEqual([ist('2026-11-23', '09:15:00'), ist('2026-11-23', '15:30:00')]);
    expect(sessionSlices(NSE, ist('2026-11-23', '15:25:00'), ist('2026-11-23', '15:35:00'))).toEqual([
      [ist('2026-11-23', '15:25:00'), ist('2026-11-23', '15:30:00')],
    ]);
    expect(sessionSlices(NSE, ist('2026-11-23', '16:00:00'), ist('2026-11-23', '17:00:00'))).toEqual([]);
  });
});
