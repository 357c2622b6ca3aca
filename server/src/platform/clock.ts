/** Source of "now"; injected everywhere so tests can pin time instead of waiting. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

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
