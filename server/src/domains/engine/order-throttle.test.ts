import { describe, expect, it } from 'vitest';
import { createOrderThrottle } from './order-throttle.js';

/** A clock that only moves when the throttle sleeps. */
function fakeTime() {
  let t = 0;
  return { now: () => t, sleep: (ms: number) => ((t += ms), Promise.resolve()) };
}

describe('createOrderThrottle', () => {
  it("sends at most 10 of an account's orders in any second, in arrival order", async () => {
    const time = fakeTime();
    const throttle = createOrderThrottle({ perSecond: 10, perMinute: 200, marginMs: 0, ...time });
    const at: number[] = [];
    await Promise.all(Array.from({ length: 25 }, () => throttle.take(7).then(() => at.push(time.now()))));
    expect(at.slice(0, 10).every((t) => t === 0)).toBe(true);
    expect(at.slice(10, 20).every((t) => t === 1000)).toBe(true);
    expect(at.slice(20).every((t) => t === 2000)).toBe(true);
  });

  it('does not make one account wait for another', async () => {
    const time = fakeTime();
    const throttle = createOrderThrottle({ perSecond: 1, perMinute: 200, marginMs: 0, ...time });
    await throttle.take(1);
    await throttle.take(2);
    expect(time.now()).toBe(0);
  });

  it('keeps to the per-minute limit too', async () => {
    const time = fakeTime();
    const throttle = createOrderThrottle({ perSecond: 100, perMinute: 3, marginMs: 0, ...time });
    for (let i = 0; i < 4; i++) await throttle.take(1);
    expect(time.now()).toBe(60_000);
  });
});
