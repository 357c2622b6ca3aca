import { describe, expect, it } from 'vitest';
import { crosshairLabel, fromChartTime, tickLabel, toChartTime, zoneOffsetSeconds } from './chart-time';

// 2026-01-05 03:45 UTC is 09:15 in Kolkata.
const open = Date.UTC(2026, 0, 5, 3, 45) / 1000;

describe('chart time labels', () => {
  it('shows candle times in the given zone, not UTC', () => {
    expect(tickLabel(open, 3, 'Asia/Kolkata')).toBe('09:15');
    expect(tickLabel(open, 3, 'UTC')).toBe('03:45');
    expect(tickLabel(open, 4, 'Asia/Kolkata')).toBe('09:15:00');
  });

  it('labels days, months and years', () => {
    expect(tickLabel(open, 2, 'Asia/Kolkata')).toBe('5 Jan');
    expect(tickLabel(open, 1, 'Asia/Kolkata')).toBe('Jan');
    expect(tickLabel(open, 0, 'Asia/Kolkata')).toBe('2026');
  });

  it('gives the crosshair the full date and time', () => {
    expect(crosshairLabel(open, 'Asia/Kolkata')).toBe('05 Jan 2026, 09:15 IST');
    expect(crosshairLabel(open, 'Europe/London')).toBe('05 Jan 2026, 03:45 GMT');
  });
});

describe('the chart clock', () => {
  it("puts a zone's midnight on a UTC midnight, where the chart draws its day marks", () => {
    const istMidnight = Date.UTC(2026, 10, 25, 18, 30) / 1000; // 26 Nov 00:00 IST
    expect(toChartTime(istMidnight, 'Asia/Kolkata')).toBe(Date.UTC(2026, 10, 26) / 1000);
    expect(fromChartTime(Date.UTC(2026, 10, 26) / 1000, 'Asia/Kolkata')).toBe(istMidnight);
    expect(toChartTime(istMidnight, 'UTC')).toBe(istMidnight);
  });

  it('follows daylight saving, and labels come back in the zone', () => {
    expect(zoneOffsetSeconds(Date.UTC(2026, 0, 5) / 1000, 'Europe/London')).toBe(0);
    expect(zoneOffsetSeconds(Date.UTC(2026, 6, 5) / 1000, 'Europe/London')).toBe(3600);
    const chart = toChartTime(open, 'Asia/Kolkata');
    expect(crosshairLabel(fromChartTime(chart, 'Asia/Kolkata'), 'Asia/Kolkata')).toBe('05 Jan 2026, 09:15 IST');
  });
});
