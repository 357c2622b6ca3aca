import { describe, expect, it } from 'vitest';
import { FaultPlan, RateLimiter, DEFAULT_RATE_LIMITS } from './rate-limits.js';

describe('RateLimiter', () => {
  it('allows the limit per sliding second, per group and client', () => {
    let now = 0;
    const limiter = new RateLimiter({ ...DEFAULT_RATE_LIMITS, kiteQuote: 2 }, () => now);
    expect([1, 2, 3].map(() => limiter.tryTake('kiteQuote', 'k'))).toEqual([true, true, false]);
    expect(limiter.tryTake('kiteQuote', 'other-key')).toBe(true);
    expect(limiter.tryTake('kiteOrders', 'k')).toBe(true);
    now = 999;
    expect(limiter.tryTake('kiteQuote', 'k')).toBe(false);
    now = 1000;
    expect(limiter.tryTake('kiteQuote', 'k')).toBe(true);
    // The two refused quotes are counted, for whoever must prove none of theirs were.
    expect(limiter.refusals()).toEqual({ kiteQuote: 2 });
  });

  it('holds orders to 10 a second and 200 a sliding minute per client by default, like Kite', () => {
    let now = 0;
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, () => now);
    const burst = Array.from({ length: 11 }, () => limiter.tryTake('kiteOrders', 'user:AB1234'));
    expect(burst.filter(Boolean)).toHaveLength(10);
    expect(burst[10]).toBe(false);
    let allowed = 10;
    for (let s = 1; s < 60; s++) {
      now = s * 1000;
      for (let i = 0; i < 10; i++) if (limiter.tryTake('kiteOrders', 'user:AB1234')) allowed++;
    }
    expect(allowed).toBe(200);
    expect(limiter.tryTake('kiteOrders', 'user:CD5678')).toBe(true);
    now = 60_000;
    expect(limiter.tryTake('kiteOrders', 'user:AB1234')).toBe(true);
  });
});

describe('FaultPlan', () => {
  it('serves queued faults to the most specific matching target, then runs dry', () => {
    const plan = new FaultPlan();
    plan.failNext('kite', 1, 'drop');
    plan.failNext('kite.quote', 2, 'rate-limit');
    expect(plan.take(['kite.quote', 'kite'])).toBe('rate-limit');
    expect(plan.take(['kite.orders', 'kite'])).toBe('drop');
    expect(plan.take(['kite.quote', 'kite'])).toBe('rate-limit');
    expect(plan.take(['kite.quote', 'kite'])).toBeNull();
    plan.failNext('*', 1, 'drop-after');
    expect(plan.take(['binance.klines', 'binance'])).toBe('drop-after');
  });
});
