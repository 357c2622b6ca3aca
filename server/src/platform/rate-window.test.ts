import { describe, expect, it } from 'vitest';
import { createRequestPacer } from './rate-window.js';

describe('createRequestPacer', () => {
  it('sends requests in arrival order, no more in a second than allowed, counting each until its reply', async () => {
    let t = 0;
    const pacer = createRequestPacer(
      { perSecond: 2, perMinute: 100, marginMs: 0 },
      {
        now: () => t,
        sleep: async (ms) => {
          await new Promise((resolve) => setImmediate(resolve));
          t += ms;
        },
      },
    );
    const sentAt: Array<[number, number]> = [];
    const request = (n: number) =>
      pacer.run(async () => {
        sentAt.push([n, t]);
        await Promise.resolve();
        return n;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(request))).toEqual([1, 2, 3, 4, 5]);
    expect(sentAt).toEqual([
      [1, 0],
      [2, 0],
      [3, 1000],
      [4, 1000],
      [5, 2000],
    ]);
  });

  it('gives the next request its turn after one failed', async () => {
    const pacer = createRequestPacer({ perSecond: 5, perMinute: 100 });
    await expect(pacer.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await pacer.run(() => Promise.resolve('next'))).toBe('next');
  });
});
