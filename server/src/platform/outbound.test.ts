import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWithTimeout, NetworkError, reconnectDelay, RetryableError, withRetry } from './outbound.js';

afterEach(() => vi.restoreAllMocks());

describe('withRetry', () => {
  it('retries a provider "try later" and then succeeds', async () => {
    let calls = 0;
    const result = await withRetry(
      () => {
        calls += 1;
        return calls < 3 ? Promise.reject(new RetryableError('429')) : Promise.resolve('ok');
      },
      { baseDelayMs: 1, maxDelayMs: 2 },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(3);
  });

  it('retries a request that never got through, and gives up after the last attempt', async () => {
    let calls = 0;
    await expect(
      withRetry(
        () => {
          calls += 1;
          return Promise.reject(new NetworkError('refused'));
        },
        { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 },
      ),
    ).rejects.toThrow('refused');
    expect(calls).toBe(3);
  });

  it('never retries a refusal or a programming error', async () => {
    for (const err of [new Error('Invalid token'), new TypeError('x is not a function')]) {
      let calls = 0;
      await expect(
        withRetry(
          () => {
            calls += 1;
            return Promise.reject(err);
          },
          { baseDelayMs: 1 },
        ),
      ).rejects.toThrow(err.message);
      expect(calls).toBe(1);
    }
  });
});

describe('fetchWithTimeout', () => {
  it('does not take a request fetch cannot build for a network failure (so it is not tried again)', async () => {
    const err = await fetchWithTimeout(
      'http://127.0.0.1:1/x',
      { headers: { authorization: 'token \u2603' } },
      500,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(NetworkError);
    expect((err as Error).message).toMatch(/^the request could not be made: /);
  });

  it('turns a refused connection into a NetworkError in words, the host kept apart for the logs', async () => {
    const err = await fetchWithTimeout('http://127.0.0.1:1/x', {}, 500).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    // Its message reaches replies and rows: never an address.
    expect((err as NetworkError).message).toBe('the connection failed');
    expect((err as NetworkError).host).toBe('127.0.0.1:1');
  });
});

describe('reconnectDelay', () => {
  it('grows exponentially, is capped, and is jittered within the upper half', () => {
    expect(reconnectDelay(0, 1000, 30_000, () => 0)).toBe(500);
    expect(reconnectDelay(0, 1000, 30_000, () => 1)).toBe(1000);
    expect(reconnectDelay(3, 1000, 30_000, () => 1)).toBe(8000);
    expect(reconnectDelay(10, 1000, 30_000, () => 1)).toBe(30_000);
  });
});
