import { describe, expect, it } from 'vitest';
import { composeToken, hashSecret, retryAfterFrom, splitToken } from './auth.logic.js';

describe('retryAfterFrom', () => {
  it('locks at the limit and frees the key when the window slides past the oldest counted failure', () => {
    expect(retryAfterFrom([0, 100], 3, 1000, 150)).toBe(0);
    expect(retryAfterFrom([0, 100, 200], 3, 1000, 250)).toBe(750);
    expect(retryAfterFrom([0, 100, 200], 3, 1000, 1001)).toBe(0);
  });

  it('counts only failures inside the window, in any order', () => {
    expect(retryAfterFrom([900, -5000, 950], 2, 1000, 1000)).toBe(900);
    expect(retryAfterFrom([], 1, 1000, 0)).toBe(0);
  });
});

describe('session tokens', () => {
  it('splits what it composes and refuses malformed tokens', () => {
    expect(splitToken(composeToken('abc', 'sig'))).toEqual({ secret: 'abc', signature: 'sig' });
    expect(splitToken('abc')).toBeNull();
    expect(splitToken('a.b.c')).toBeNull();
    expect(splitToken('.sig')).toBeNull();
  });

  it('hashes deterministically without revealing the secret', () => {
    expect(hashSecret('s1')).toBe(hashSecret('s1'));
    expect(hashSecret('s1')).not.toBe(hashSecret('s2'));
    expect(hashSecret('s1')).not.toContain('s1');
  });
});
