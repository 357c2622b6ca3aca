import { describe, expect, it } from 'vitest';
import { CreateHolidaySchema, isCalendarDate, isTradingDay, nextTradingDay } from './calendar.js';

const holidays = [
  { date: '2026-11-24', description: 'Prakash Gurpurb Sri Guru Nanak Dev' },
  { date: '2026-12-25', description: 'Christmas' },
];

describe('NSE trading days', () => {
  it('are weekdays that are not listed holidays', () => {
    expect(isTradingDay('2026-11-23', holidays)).toBe(true); // Monday
    expect(isTradingDay('2026-11-24', holidays)).toBe(false); // Tuesday, Gurpurb
    expect(isTradingDay('2026-11-21', holidays)).toBe(false); // Saturday
    expect(isTradingDay('2026-11-22', [])).toBe(false); // Sunday, whatever the list
  });

  it('next trading day skips weekends and holidays, across a month end', () => {
    expect(nextTradingDay('2026-11-23', holidays)).toBe('2026-11-25');
    expect(nextTradingDay('2026-11-20', holidays)).toBe('2026-11-23'); // Friday → Monday
    expect(nextTradingDay('2026-12-24', holidays)).toBe('2026-12-28'); // Christmas Friday, then the weekend
    expect(nextTradingDay('2026-11-30', [])).toBe('2026-12-01');
  });
});

describe('a holiday as an admin types it', () => {
  it('takes an existing day as YYYY-MM-DD and a description, trimmed', () => {
    expect(CreateHolidaySchema.parse({ date: ' 2027-01-26 ', description: ' Republic Day ' })).toEqual({
      date: '2027-01-26',
      description: 'Republic Day',
    });
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });

  it.each(['2026-02-30', '2027-02-29', '26-01-2027', '2027-1-26', 'tomorrow'])('refuses %s', (date) => {
    const r = CreateHolidaySchema.safeParse({ date, description: 'X' });
    expect(r.error?.issues[0]?.message).toBe('Date must be a day as YYYY-MM-DD, e.g. 2026-11-24');
  });

  it('requires a description', () => {
    const r = CreateHolidaySchema.safeParse({ date: '2027-01-26', description: '  ' });
    expect(r.error?.issues[0]?.message).toBe('Description is required');
  });
});
