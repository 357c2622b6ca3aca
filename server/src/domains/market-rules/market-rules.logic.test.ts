import { describe, expect, it } from 'vitest';
import { NSE_HOLIDAYS } from '../calendar/nse-holidays.js';
import { expiriesBetween, expiryRuleOn, lotRevisionOn, lotSizeOn } from './market-rules.logic.js';

// nse-holidays.ts lists 2025 onwards; these 2024 NSE trading holidays are the ones the 2024 cases below meet:
// 20 Nov 2024 (Maharashtra assembly election) and 25 Dec 2024 (Christmas).
const HOLIDAYS_2024 = [{ date: '2024-11-20' }, { date: '2024-12-25' }];
const HOLIDAYS = [...HOLIDAYS_2024, ...NSE_HOLIDAYS];

const dates = (root: Parameters<typeof expiriesBetween>[0], from: string, to: string) =>
  expiriesBetween(root, from, to, HOLIDAYS).map((e) => e.date);

describe('NIFTY expiries', () => {
  it('expire on Thursdays through August 2025 and on Tuesdays from September 2025', () => {
    const expiries = expiriesBetween('NIFTY', '2025-08-01', '2025-09-30', HOLIDAYS);
    expect(expiries.map((e) => `${e.date} ${e.kind}`)).toEqual([
      '2025-08-07 weekly',
      '2025-08-14 weekly',
      '2025-08-21 weekly',
      '2025-08-28 monthly',
      '2025-09-02 weekly',
      '2025-09-09 weekly',
      '2025-09-16 weekly',
      '2025-09-23 weekly',
      '2025-09-30 monthly',
    ]);
  });

  it('moves an expiry due on a trading holiday to the trading day before', () => {
    // Thursday 10 Apr 2025 (Shri Mahavir Jayanti) and 1 May 2025 (Maharashtra Day), both in nse-holidays.ts.
    expect(dates('NIFTY', '2025-04-07', '2025-05-02')).toEqual([
      '2025-04-09',
      '2025-04-17',
      '2025-04-24',
      '2025-04-30',
    ]);
    // Tuesday 21 Oct 2025 (Diwali), and November 2026's weekly and monthly (Tuesdays 10 and 24 Nov are holidays).
    expect(dates('NIFTY', '2025-10-20', '2025-10-21')).toEqual(['2025-10-20']);
    const november2026 = expiriesBetween('NIFTY', '2026-11-01', '2026-11-30', HOLIDAYS);
    expect(november2026.map((e) => [e.date, e.dueDate, e.kind])).toEqual([
      ['2026-11-03', '2026-11-03', 'weekly'],
      ['2026-11-09', '2026-11-10', 'weekly'],
      ['2026-11-17', '2026-11-17', 'weekly'],
      ['2026-11-23', '2026-11-24', 'monthly'],
    ]);
  });

  it('finds an expiry moved back into the range from a due day after it', () => {
    expect(dates('NIFTY', '2026-03-30', '2026-03-30')).toEqual(['2026-03-30']);
  });

  it('knows only the holidays it is given', () => {
    expect(expiriesBetween('NIFTY', '2025-04-07', '2025-04-11', []).map((e) => e.date)).toEqual(['2025-04-10']);
  });
});

describe('BANKNIFTY expiries', () => {
  it('has weeklies on Wednesdays up to 13 Nov 2024 and only monthlies after', () => {
    const expiries = expiriesBetween('BANKNIFTY', '2024-11-01', '2025-10-31', HOLIDAYS);
    expect(expiries.filter((e) => e.kind === 'weekly').map((e) => e.date)).toEqual(['2024-11-06', '2024-11-13']);
    expect(expiries.filter((e) => e.kind === 'monthly').map((e) => e.date)).toEqual([
      '2024-11-27', // last Wednesday
      '2024-12-24', // Wednesday 25 Dec was Christmas
      '2025-01-30', // last Thursday from January 2025
      '2025-02-27',
      '2025-03-27',
      '2025-04-24',
      '2025-05-29',
      '2025-06-26',
      '2025-07-31',
      '2025-08-28',
      '2025-09-30', // last Tuesday from September 2025
      '2025-10-28',
    ]);
  });

  it('had no weekly in the week of a Thursday monthly in early 2024', () => {
    expect(dates('BANKNIFTY', '2024-01-01', '2024-03-31')).toEqual([
      '2024-01-03',
      '2024-01-10',
      '2024-01-17',
      '2024-01-25', // the January monthly, on Thursday; no weekly on Wednesday 24 Jan
      '2024-01-31',
      '2024-02-07',
      '2024-02-14',
      '2024-02-21',
      '2024-02-29',
      '2024-03-06',
      '2024-03-13',
      '2024-03-20',
      '2024-03-27', // the first monthly on the last Wednesday
    ]);
  });
});

describe('expiryRuleOn', () => {
  it('gives the cycle and weekday in force on a date, with its source', () => {
    expect(expiryRuleOn('NIFTY', '2025-08-28')).toMatchObject({ cycle: 'weekly', weeklyWeekday: 4 });
    expect(expiryRuleOn('NIFTY', '2025-09-02')).toMatchObject({ cycle: 'weekly', weeklyWeekday: 2 });
    expect(expiryRuleOn('BANKNIFTY', '2024-11-13')).toMatchObject({ cycle: 'weekly', weeklyWeekday: 3 });
    expect(expiryRuleOn('BANKNIFTY', '2024-11-14')).toMatchObject({ cycle: 'monthly', monthlyWeekday: 3 });
    const today = expiryRuleOn('BANKNIFTY', '2026-11-27');
    expect(today).toMatchObject({ cycle: 'monthly', weeklyWeekday: null, monthlyWeekday: 2 });
    expect(today.source).toContain('NSE/FAOP/68589');
  });
});

describe('lotSizeOn', () => {
  it('gives a NIFTY contract the lot it was listed with', () => {
    expect(lotSizeOn('NIFTY', '2025-12-23')).toBe(75);
    expect(lotSizeOn('NIFTY', '2025-12-30')).toBe(75);
    expect(lotSizeOn('NIFTY', '2026-01-06')).toBe(65);
    expect(lotSizeOn('NIFTY', '2026-01-27')).toBe(65);
    expect(lotRevisionOn('NIFTY', '2026-01-06').source).toContain('NSE/FAOP/70616');
  });

  it('follows the 2024 revisions, January 2025 monthly kept at 25 among 75-lot weeklies', () => {
    expect(lotSizeOn('NIFTY', '2024-04-25')).toBe(50);
    expect(lotSizeOn('NIFTY', '2024-05-02')).toBe(25);
    expect(lotSizeOn('NIFTY', '2024-12-26')).toBe(25);
    expect(lotSizeOn('NIFTY', '2025-01-02')).toBe(75);
    expect(lotSizeOn('NIFTY', '2025-01-23')).toBe(75);
    expect(lotSizeOn('NIFTY', '2025-01-30')).toBe(25);
    expect(lotSizeOn('NIFTY', '2025-02-27')).toBe(75);
  });

  it('converts listed long-dated contracts on the day NSE said', () => {
    expect(lotSizeOn('NIFTY', '2024-05-30', '2024-04-25')).toBe(50);
    expect(lotSizeOn('NIFTY', '2024-05-30', '2024-04-26')).toBe(25);
    expect(lotSizeOn('NIFTY', '2025-03-27', '2024-12-26')).toBe(25);
    expect(lotSizeOn('NIFTY', '2025-03-27', '2024-12-27')).toBe(75);
    expect(lotSizeOn('NIFTY', '2025-03-27', '2024-04-20')).toBe(50);
    expect(lotSizeOn('NIFTY', '2026-03-30', '2025-12-30')).toBe(75);
    expect(lotSizeOn('NIFTY', '2026-03-30', '2025-12-31')).toBe(65);
    expect(lotSizeOn('BANKNIFTY', '2025-09-30', '2025-04-24')).toBe(30);
    expect(lotSizeOn('BANKNIFTY', '2025-09-30', '2025-04-25')).toBe(35);
  });

  it('follows BANKNIFTY, FINNIFTY and MIDCPNIFTY through their revisions', () => {
    expect(lotSizeOn('BANKNIFTY', '2024-11-13')).toBe(15);
    expect(lotSizeOn('BANKNIFTY', '2025-01-30')).toBe(15);
    expect(lotSizeOn('BANKNIFTY', '2025-02-27')).toBe(30);
    expect(lotSizeOn('BANKNIFTY', '2025-06-26')).toBe(30);
    expect(lotSizeOn('BANKNIFTY', '2025-07-31')).toBe(35);
    expect(lotSizeOn('BANKNIFTY', '2025-12-30')).toBe(35);
    expect(lotSizeOn('BANKNIFTY', '2026-11-23')).toBe(30);
    expect(lotSizeOn('FINNIFTY', '2024-07-23')).toBe(40);
    expect(lotSizeOn('FINNIFTY', '2024-07-30')).toBe(25);
    expect(lotSizeOn('FINNIFTY', '2026-01-27')).toBe(60);
    expect(lotSizeOn('MIDCPNIFTY', '2024-07-29')).toBe(50);
    expect(lotSizeOn('MIDCPNIFTY', '2025-07-31')).toBe(140);
    expect(lotSizeOn('MIDCPNIFTY', '2026-01-27')).toBe(120);
  });

  it('refuses days it does not cover or that do not exist', () => {
    expect(() => lotSizeOn('NIFTY', '2023-12-28')).toThrow(RangeError);
    expect(() => lotSizeOn('NIFTY', '2025-02-30')).toThrow(RangeError);
    expect(() => expiriesBetween('NIFTY', '2023-12-01', '2024-01-31', [])).toThrow(RangeError);
  });
});
