import type { PnlDay } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarMonths,
  cumulativeNet,
  defaultRange,
  levelOf,
  rangeProblem,
  windowTotals,
} from './pnl-daily-display';

const day = (d: string, net: number, realized = net, charges = 0): PnlDay => ({
  day: d,
  realized_pnl: realized,
  charges,
  net_pnl: net,
  per_strategy: [],
});

describe('the P&L-by-day window', () => {
  it('opens on the last 90 days up to today, across a month and a year end', () => {
    expect(defaultRange('2026-11-28')).toEqual({ from: '2026-08-31', to: '2026-11-28' });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('says why a window cannot be asked for, as the server would refuse it', () => {
    expect(rangeProblem('2026-11-01', '2026-11-28')).toBeNull();
    expect(rangeProblem('', '2026-11-28')).toMatch(/both/);
    expect(rangeProblem('2026-11-29', '2026-11-28')).toMatch(/must not be after/);
    expect(rangeProblem('2020-01-01', '2026-11-28')).toMatch(/at most 5 years/);
    expect(rangeProblem('2021-11-29', '2026-11-28')).toBeNull();
  });
});

describe('the calendar', () => {
  it('lays out each month from Monday, colours days by sign and size, and leaves days without fills blank', () => {
    const months = calendarMonths(
      [day('2026-11-23', 650), day('2026-11-24', -162.5), day('2026-11-25', 0)],
      '2026-11-20',
      '2026-12-02',
    );
    expect(months.map((m) => [m.key, m.title, m.leading, m.cells.length])).toEqual([
      ['2026-11', 'Nov 2026', 6, 30], // 1 Nov 2026 is a Sunday
      ['2026-12', 'Dec 2026', 1, 31], // 1 Dec 2026 is a Tuesday
    ]);
    const cell = (d: string) => months.flatMap((m) => m.cells).find((c) => c.day === d)!;
    expect(cell('2026-11-23')).toMatchObject({ date: 23, net: 650, tone: 'up', level: 4, isInWindow: true });
    expect(cell('2026-11-24')).toMatchObject({ net: -162.5, tone: 'down', level: 1 });
    expect(cell('2026-11-25')).toMatchObject({ net: 0, tone: 'flat', level: 0 });
    expect(cell('2026-11-26')).toMatchObject({ net: null, tone: null, isInWindow: true });
    expect(cell('2026-11-19')).toMatchObject({ net: null, isInWindow: false });
    expect(cell('2026-12-03')).toMatchObject({ isInWindow: false });
  });

  it("grades a day's colour in four steps against the window's biggest day, either way", () => {
    expect([0, 1, 25_00, 25_01, 50_00, 99_99, 100_00].map((p) => levelOf(p, 100_00))).toEqual([0, 1, 1, 2, 2, 4, 4]);
    expect(levelOf(-100_00, 100_00)).toBe(4);
  });
});

describe('the cumulative curve and totals', () => {
  it('sums net P&L day by day in paise, at each IST day start', () => {
    const points = cumulativeNet([day('2026-11-23', 0.1), day('2026-11-24', 0.2), day('2026-11-25', -1.05)]);
    expect(points.map((p) => p.value)).toEqual([0, 0.1, 0.3, -0.75]);
    expect(points[0]!.time).toBe(Date.parse('2026-11-21T18:30:00Z') / 1000);
    expect(points[1]!.time).toBe(Date.parse('2026-11-22T18:30:00Z') / 1000);
    expect(cumulativeNet([])).toEqual([]);
  });

  it("adds the window's figures and counts its up and down days", () => {
    expect(
      windowTotals([day('2026-11-23', 0.1, 0.3, 0.2), day('2026-11-24', -0.2, 0, 0.2), day('2026-11-25', 0)]),
    ).toEqual({
      realized_pnl: 0.3,
      charges: 0.4,
      net_pnl: -0.1,
      gains: 1,
      losses: 1,
    });
  });
});
