import { describe, expect, it } from 'vitest';
import { backoffDelay, RetryableError, withRetry } from './retry.js';

describe('withRetry', () => {
  it('retries retryable failures with growing delays and then succeeds', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetry(
      () => {
        calls += 1;
        if (calls < 3) return Promise.reject(new RetryableError('429'));
        return Promise.resolve('ok');
      },
      { sleep: (ms) => Promise.resolve(void waits.push(ms)), baseDelayMs: 100 },
    );
    expect(result).toBe('ok');
    expect(waits).toEqual([100, 200]);
  });

  it('honours a longer Retry-After and gives up after the last attempt', async () => {
    const waits: number[] = [];
    await expect(
      withRetry(() => Promise.reject(new RetryableError('429', 3000)), {
        attempts: 2,
        sleep: (ms) => Promise.resolve(void waits.push(ms)),
      }),
    ).rejects.toThrow('429');
    expect(waits).toEqual([3000]);
  });

  it('does not retry an input error', async () => {
    let calls = 0;
    await expect(
      withRetry(() => {
        calls += 1;
        return Promise.reject(new Error('Invalid token'));
      }),
    ).rejects.toThrow('Invalid token');
    expect(calls).toBe(1);
  });

  it('caps the delay', () => {
    expect(backoffDelay(10, { baseDelayMs: 500, maxDelayMs: 8000 })).toBe(8000);
  });
});
