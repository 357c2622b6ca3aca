import { describe, expect, it } from 'vitest';
import { eventLoopTurns } from './event-loop-turns.js';

describe('eventLoopTurns', () => {
  it('lets what waits on the event loop run once a turn has run its time, and not before', async () => {
    const served: string[] = [];
    setImmediate(() => served.push('request'));
    const long = eventLoopTurns(60_000);
    await long.pause();
    served.push('within a turn');
    const spent = eventLoopTurns(0);
    await spent.pause();
    served.push('after the turn');
    expect(served).toEqual(['within a turn', 'request', 'after the turn']);
  });
});
