import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and folds a burst into one trailing call', () => {
    const fn = vi.fn();
    const run = throttle(fn, 1000);
    run();
    expect(fn).toHaveBeenCalledTimes(1);
    run();
    run();
    run();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
    run();
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('drops the trailing call when cancelled', () => {
    const fn = vi.fn();
    const run = throttle(fn, 1000);
    run();
    run();
    run.cancel();
    vi.advanceTimersByTime(2000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
