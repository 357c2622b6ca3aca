/** Source of "now"; injected everywhere so tests can pin time instead of waiting. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that runs with real time and can be moved forward, never back (the console's TEST_CLOCK=on). */
export type SteppableClock = Clock & { advance(ms: number): void };

/**
 * Real time plus whatever the tests have skipped. Everything on it (the sandbox's prices and candles, the
 * engine, the scheduler) moves on together, so a story skips a minute instead of waiting for it.
 */
export function steppableClock(base: Clock = systemClock): SteppableClock {
  let skippedMs = 0;
  return {
    now: () => base.now() + skippedMs,
    advance: (ms) => {
      if (!Number.isInteger(ms) || ms < 0)
        throw new RangeError(`A test clock moves forward only, by whole ms (${ms}).`);
      skippedMs += ms;
    },
  };
}

/** A clock tests move by hand. */
export type ManualClock = Clock & { set(ms: number): void; advance(ms: number): void };

/** A clock tests move by hand, starting at `start`. */
export function manualClock(start: number): ManualClock {
  let current = start;
  return {
    now: () => current,
    set: (ms) => {
      current = ms;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
