import { describe, expect, it } from 'vitest';
import { isInsideWindow, nextFire, START_CRON, STOP_CRON } from './scheduling.logic.js';

const z = (iso: string) => Date.parse(iso);

describe('live-sync schedule', () => {
  it('fires at 09:15 and 15:30 IST on weekdays', () => {
    // Friday 16:00 IST → next start Monday 09:15 IST, next stop Monday 15:30 IST.
    const fridayEvening = z('2026-11-20T10:30:00Z');
    expect(nextFire(START_CRON, fridayEvening)).toBe(z('2026-11-23T03:45:00Z'));
    expect(nextFire(STOP_CRON, fridayEvening)).toBe(z('2026-11-23T10:00:00Z'));
    // Monday 10:00 IST → the stop is the same afternoon.
    expect(nextFire(STOP_CRON, z('2026-11-23T04:30:00Z'))).toBe(z('2026-11-23T10:00:00Z'));
  });

  it('knows when it is inside the window', () => {
    expect(isInsideWindow(z('2026-11-23T04:30:00Z'))).toBe(true); // Mon 10:00 IST
    expect(isInsideWindow(z('2026-11-23T10:00:00Z'))).toBe(false); // Mon 15:30 IST
    expect(isInsideWindow(z('2026-11-21T04:30:00Z'))).toBe(false); // Saturday
  });
});
