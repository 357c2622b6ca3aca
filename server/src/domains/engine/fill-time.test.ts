import { describe, expect, it } from 'vitest';
import { parseKiteDateTime } from '../../protocols/kite-rest.js';
import { fillTime } from './executor.js';

/** An order with the exchange's time as the Kite adapter reads it (IST on the wire). */
const at = (stamp: string | null) => ({ exchangeAt: stamp === null ? null : parseKiteDateTime(stamp) });

// Monday 23 Nov 2026: the order was placed at 10:30 IST and found filled at the 10:45 close.
const PLACED = Date.parse('2026-11-23T05:00:00Z');
const NOW = Date.parse('2026-11-23T05:15:00Z');

describe('when an order found filled later filled', () => {
  it("is the exchange's time (IST on the wire)", () => {
    expect(fillTime(at('2026-11-23 10:30:02'), PLACED, NOW)).toBe(PLACED + 2000);
  });

  it('stays between its placing and now, and is now without a timestamp', () => {
    expect(fillTime(at('2026-11-23 10:29:00'), PLACED, NOW)).toBe(PLACED);
    expect(fillTime(at('2026-11-23 11:00:00'), PLACED, NOW)).toBe(NOW);
    expect(fillTime(at(null), PLACED, NOW)).toBe(NOW);
    expect(fillTime(at('not a time'), PLACED, NOW)).toBe(NOW);
  });
});
