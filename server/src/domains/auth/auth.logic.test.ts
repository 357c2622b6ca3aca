import { describe, expect, it } from 'vitest';
import { composeToken, hashSecret, lockOf, retryAfterFrom, splitToken } from './auth.logic.js';

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

describe('lockOf', () => {
  it('is locked from the fifth failure in the window until the oldest of the last five leaves it', () => {
    expect(lockOf([10, 20, 30, 40], 1000, 50)).toEqual({ lockedUntil: null, failedLogins: 4 });
    expect(lockOf([10, 20, 30, 40, 50], 1000, 60)).toEqual({ lockedUntil: 1010, failedLogins: 5 });
    expect(lockOf([10, 20, 30, 40, 50, 60], 1000, 70)).toEqual({ lockedUntil: 1020, failedLogins: 6 });
    expect(lockOf([10, 20, 30, 40, 50], 1000, 1011)).toEqual({ lockedUntil: null, failedLogins: 4 });
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
