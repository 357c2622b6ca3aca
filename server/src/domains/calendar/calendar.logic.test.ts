import { isCalendarDate } from '@app/contract';
import { describe, expect, it } from 'vitest';
import type { Hours } from '../instruments/market-hours.logic.js';
import { calendarDay, closureReason, followsNseCalendar, nextOpen } from './calendar.logic.js';
import { NSE_HOLIDAYS } from './nse-holidays.js';

const NIFTY: Hours = {
  marketOpenTime: '09:15',
  marketCloseTime: '15:30',
  timezone: 'Asia/Kolkata',
  tradingDays: '1,2,3,4,5',
};
const SANDBOX_24X7: Hours = {
  ...NIFTY,
  marketOpenTime: '00:00',
  marketCloseTime: '23:59',
  tradingDays: '0,1,2,3,4,5,6',
};
const BTC: Hours = { ...SANDBOX_24X7, timezone: 'Europe/London' };
const TOKYO: Hours = { ...NIFTY, timezone: 'Asia/Tokyo' };

const GURPURB = { date: '2026-11-24', description: 'Prakash Gurpurb Sri Guru Nanak Dev' };
const holidays = [GURPURB, { date: '2026-11-25', description: 'Made-up second day' }];
/** IST wall time on a day, as epoch ms. */
const ist = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+05:30`);

describe('which instruments keep the NSE calendar', () => {
  it('those quoted in Indian time that do not trade every day', () => {
    expect(followsNseCalendar(NIFTY)).toBe(true);
    expect(followsNseCalendar({ ...NIFTY, timezone: 'Asia/Calcutta', tradingDays: '1,2,3,4,5,6' })).toBe(true);
    expect(followsNseCalendar(SANDBOX_24X7)).toBe(false);
    expect(followsNseCalendar(BTC)).toBe(false);
    expect(followsNseCalendar(TOKYO)).toBe(false);
  });
});

describe('calendarDay and closureReason', () => {
  it('close a holiday all day for NSE instruments, before the open too, and name it', () => {
    for (const at of [ist('2026-11-24', '08:00'), ist('2026-11-24', '10:30'), ist('2026-11-24', '23:59')]) {
      expect(calendarDay(NIFTY, holidays, at)).toEqual({ isClosed: true, holiday: GURPURB });
    }
    expect(closureReason(NIFTY, holidays, ist('2026-11-24', '10:30'))).toBe(
      'market closed today (Prakash Gurpurb Sri Guru Nanak Dev, an NSE holiday)',
    );
  });

  it('take the IST day: 23:00 UTC on the eve is already the holiday in India', () => {
    expect(calendarDay(NIFTY, holidays, Date.parse('2026-11-23T19:00:00Z')).isClosed).toBe(true); // 00:30 IST
    expect(calendarDay(NIFTY, holidays, Date.parse('2026-11-23T18:00:00Z')).isClosed).toBe(false); // 23:30 IST
  });

  it('close weekends without naming a holiday, and leave ordinary days open', () => {
    expect(calendarDay(NIFTY, holidays, ist('2026-11-21', '10:30'))).toEqual({ isClosed: true, holiday: null });
    expect(closureReason(NIFTY, holidays, ist('2026-11-21', '10:30'))).toBe('market closed');
    expect(calendarDay(NIFTY, holidays, ist('2026-11-23', '10:30'))).toEqual({ isClosed: false, holiday: null });
    expect(closureReason(NIFTY, holidays, ist('2026-11-23', '10:30'))).toBeNull();
  });

  it('never close an instrument that keeps no exchange calendar', () => {
    for (const hours of [SANDBOX_24X7, BTC, TOKYO]) {
      expect(calendarDay(hours, holidays, ist('2026-11-24', '10:30')).isClosed).toBe(false);
      expect(closureReason(hours, holidays, ist('2026-11-24', '10:30'))).toBeNull();
    }
  });
});

describe('nextOpen', () => {
  it('skips the holidays an NSE instrument keeps', () => {
    expect(nextOpen(NIFTY, holidays, ist('2026-11-23', '16:00'))).toBe(ist('2026-11-26', '09:15'));
    expect(nextOpen(NIFTY, holidays, ist('2026-11-24', '08:00'))).toBe(ist('2026-11-26', '09:15'));
    expect(nextOpen(NIFTY, [], ist('2026-11-23', '16:00'))).toBe(ist('2026-11-24', '09:15'));
  });

  it('is later today before the open of a trading day, and Monday from the weekend', () => {
    expect(nextOpen(NIFTY, holidays, ist('2026-11-23', '08:00'))).toBe(ist('2026-11-23', '09:15'));
    expect(nextOpen(NIFTY, holidays, ist('2026-11-21', '11:00'))).toBe(ist('2026-11-23', '09:15'));
  });

  it('ignores the NSE list for an instrument in another zone', () => {
    expect(nextOpen(TOKYO, holidays, Date.parse('2026-11-23T12:00:00Z'))).toBe(Date.parse('2026-11-24T00:15:00Z'));
  });

  it('is null when the instrument has no trading days', () => {
    expect(nextOpen({ ...NIFTY, tradingDays: '' }, holidays, ist('2026-11-23', '16:00'))).toBeNull();
  });
});

describe('the data file', () => {
  it('lists existing weekdays, each once, in order, each with its source', () => {
    const dates = NSE_HOLIDAYS.map((h) => h.date);
    expect(dates.every(isCalendarDate)).toBe(true);
    expect(new Set(dates).size).toBe(dates.length);
    expect([...dates].sort()).toEqual(dates);
    for (const h of NSE_HOLIDAYS) {
      const weekday = new Date(`${h.date}T00:00:00Z`).getUTCDay();
      expect(weekday, h.date).toBeGreaterThanOrEqual(1);
      expect(weekday, h.date).toBeLessThanOrEqual(5);
      expect(h.description).not.toBe('');
      expect(h.source).toMatch(/NSE/);
    }
  });

  it('has the 14 days of 2025 and the 16 of 2026 (15 listed in December, Maharashtra civic polls in January)', () => {
    expect(NSE_HOLIDAYS.filter((h) => h.date.startsWith('2025-'))).toHaveLength(14);
    expect(NSE_HOLIDAYS.filter((h) => h.date.startsWith('2026-'))).toHaveLength(16);
  });
});
