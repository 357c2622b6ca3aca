import { describe, expect, it } from 'vitest';
import { RDX_HOLDS } from '../rdx/rdx.logic.js';
import { ENGINE_HOLDS, holdWords, problemOf } from './decision.logic.js';

describe('hold reasons', () => {
  it('an ordinary hold is no problem; a problem hold is named on the row in its own words', () => {
    expect(problemOf({ action: 'hold', reason: 'within threshold' }, RDX_HOLDS)).toBeNull();
    expect(problemOf({ action: 'hold', reason: 'market closed' }, RDX_HOLDS)).toBeNull();
    expect(problemOf({ action: 'hold', reason: 'no legs configured' }, RDX_HOLDS)).toBe('no legs configured');
    expect(
      problemOf(
        { action: 'hold', reason: 'strike not listed', detail: 'no CE at strike 25100 for 2026-12-01' },
        RDX_HOLDS,
      ),
    ).toBe('no CE at strike 25100 for 2026-12-01');
  });

  it('a trade is never a problem', () => {
    expect(problemOf({ action: 'enter', atmPaise: 2_450_000, open: [] }, RDX_HOLDS)).toBeNull();
    expect(problemOf({ action: 'squareOff', close: [], reason: 'window end' }, RDX_HOLDS)).toBeNull();
  });

  it('a reason missing from the table is a problem, never silently ordinary', () => {
    expect(problemOf({ action: 'hold', reason: 'within threshhold' }, RDX_HOLDS)).toBe('within threshhold');
  });

  it('every type keeps the engine’s own holds ordinary', () => {
    for (const reason of Object.keys(ENGINE_HOLDS)) {
      expect(RDX_HOLDS[reason as keyof typeof ENGINE_HOLDS]).toBe('ordinary');
    }
    expect(holdWords({ action: 'hold', reason: 'outside window' })).toBe('outside window');
  });
});
