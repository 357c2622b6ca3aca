import { describe, expect, it } from 'vitest';
import { composeToken, FailureLimiter, hashSecret, splitToken } from './auth.logic.js';

describe('FailureLimiter', () => {
  it('locks a key at the limit and frees it when the window slides past', () => {
    const limiter = new FailureLimiter(3, 1000);
    limiter.recordFailure('k', 0);
    limiter.recordFailure('k', 100);
    expect(limiter.retryAfterMs('k', 150)).toBe(0);
    limiter.recordFailure('k', 200);
    expect(limiter.retryAfterMs('k', 250)).toBe(750);
    expect(limiter.retryAfterMs('k', 1001)).toBe(0);
  });

  it('keeps keys apart and forgets a key on reset', () => {
    const limiter = new FailureLimiter(1, 1000);
    limiter.recordFailure('a', 0);
    expect(limiter.retryAfterMs('a', 1)).toBeGreaterThan(0);
    expect(limiter.retryAfterMs('b', 1)).toBe(0);
    limiter.reset('a');
    expect(limiter.retryAfterMs('a', 1)).toBe(0);
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
