import { describe, expect, it } from 'vitest';
import { unitsBeyondTheBroker } from './broker-match.js';

/*
 * "Match the broker" (issue 27) counts what the console holds beyond the broker on the console's side: a short
 * the broker no longer holds, or (a bought leg, issue 33) a long it no longer holds. Kite's sign on the broker
 * side (long > 0), SPEC's on the console's (> 0 short).
 */
const held = (quantity: number) => [{ exchange: 'NFO', tradingsymbol: 'X', quantity }];

describe('units beyond the broker', () => {
  it('counts a short the broker no longer holds, and a long at the broker backs none of it', () => {
    expect(unitsBeyondTheBroker(65, held(-65), 'NFO', 'X')).toBe(0);
    expect(unitsBeyondTheBroker(65, [], 'NFO', 'X')).toBe(65);
    expect(unitsBeyondTheBroker(65, held(65), 'NFO', 'X')).toBe(65);
  });

  it('counts a bought leg the broker no longer holds long, and a short at the broker backs none of it', () => {
    expect(unitsBeyondTheBroker(-65, held(65), 'NFO', 'X')).toBe(0);
    expect(unitsBeyondTheBroker(-65, held(30), 'NFO', 'X')).toBe(35);
    expect(unitsBeyondTheBroker(-65, held(-65), 'NFO', 'X')).toBe(65);
    expect(unitsBeyondTheBroker(-65, held(65), 'BFO', 'X')).toBe(65);
  });
});
