import { describe, expect, it } from 'vitest';
import { crosshairLabel, tickLabel } from './chart-time';

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
