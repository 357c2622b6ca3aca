import { describe, expect, it } from 'vitest';
import { formatClock, formatDays, scheduleControls, scheduleSummary } from './schedule-format';

describe('scheduleSummary', () => {
  it("shows SPEC's 9:15 AM / 3:30 PM IST Monday–Friday before the server answers", () => {
    expect(scheduleSummary(undefined)).toEqual({ start: '9:15 AM IST', stop: '3:30 PM IST', days: 'Monday–Friday' });
  });

  it("shows the server's schedule when known", () => {
    expect(
      scheduleSummary({ startTime: '00:05', stopTime: '12:00', timezone: 'Europe/London', days: '1,3,5' }),
    ).toEqual({ start: '12:05 AM Europe/London', stop: '12:00 PM Europe/London', days: 'Monday, Wednesday, Friday' });
  });

  it('formats clock times and day ranges', () => {
    expect(formatClock('15:30')).toBe('3:30 PM');
    expect(formatClock('bad')).toBe('bad');
    expect(formatDays('0,1,2,3,4,5,6')).toBe('Sunday–Saturday');
  });
});

describe('scheduleControls', () => {
  it('disables Enable when both auto-start and auto-stop are on', () => {
    expect(scheduleControls({ autoStart: true, autoStop: true })).toEqual({ canEnable: false, canDisable: true });
  });

  it('disables Disable when both are off', () => {
    expect(scheduleControls({ autoStart: false, autoStop: false })).toEqual({ canEnable: true, canDisable: false });
  });

  it('offers both when only one is on or the status is unknown', () => {
    expect(scheduleControls({ autoStart: true, autoStop: false })).toEqual({ canEnable: true, canDisable: true });
    expect(scheduleControls(undefined)).toEqual({ canEnable: true, canDisable: true });
  });
});
