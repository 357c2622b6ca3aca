import { describe, expect, it } from 'vitest';
import { crossedEdge, isInsideWindow, nextEdgeAfter, SCHEDULE } from './scheduling.logic.js';

const z = (iso: string) => Date.parse(iso);

describe('live-sync schedule', () => {
  it('fires at 09:15 and 15:30 IST on weekdays', () => {
    // Friday 16:00 IST → next start Monday 09:15 IST, next stop Monday 15:30 IST.
    const fridayEvening = z('2026-11-20T10:30:00Z');
    expect(nextEdgeAfter(SCHEDULE.startTime, fridayEvening)).toBe(z('2026-11-23T03:45:00Z'));
    expect(nextEdgeAfter(SCHEDULE.stopTime, fridayEvening)).toBe(z('2026-11-23T10:00:00Z'));
    // Monday 10:00 IST → the stop is the same afternoon.
    expect(nextEdgeAfter(SCHEDULE.stopTime, z('2026-11-23T04:30:00Z'))).toBe(z('2026-11-23T10:00:00Z'));
  });

  it('a tick acts on an edge once: the tick that passes it, never the next', () => {
    const before = z('2026-11-23T03:44:59Z');
    const at = z('2026-11-23T03:45:00Z');
    expect(crossedEdge(SCHEDULE.startTime, before, at)).toBe(true);
    expect(crossedEdge(SCHEDULE.startTime, at, at + 1000)).toBe(false);
    // A machine asleep over the weekend still sees Monday's start once.
    expect(crossedEdge(SCHEDULE.startTime, z('2026-11-20T10:30:00Z'), z('2026-11-23T04:00:00Z'))).toBe(true);
    // Saturday has no edge.
    expect(crossedEdge(SCHEDULE.startTime, z('2026-11-21T03:40:00Z'), z('2026-11-21T03:50:00Z'))).toBe(false);
  });

  it('knows when it is inside the window', () => {
    expect(isInsideWindow(z('2026-11-23T04:30:00Z'))).toBe(true); // Mon 10:00 IST
    expect(isInsideWindow(z('2026-11-23T10:00:00Z'))).toBe(false); // Mon 15:30 IST
    expect(isInsideWindow(z('2026-11-21T04:30:00Z'))).toBe(false); // Saturday
  });
});
