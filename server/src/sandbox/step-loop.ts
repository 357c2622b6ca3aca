/**
 * Drives the live feeds: on a timer, works out which one-second price steps the sandbox clock has
 * passed since the last run and hands each to the listeners, so every step is streamed even when the
 * clock jumps (a test advancing a manual clock by a minute gets all sixty ticks).
 */

/** Runs price steps on a timer and on demand. */
export interface StepLoop {
  /** Processes the steps passed so far, now. */
  pump(): void;
  stop(): void;
}

/** Starts the loop. Beyond `maxCatchUp` missed steps, only the latest `maxCatchUp` are sent. */
export function startStepLoop(
  now: () => number,
  onStep: (second: number) => void,
  options: { intervalMs: number; maxCatchUp: number; afterSteps?: () => void },
): StepLoop {
  let last = Math.floor(now() / 1000);
  const pump = (): void => {
    const current = Math.floor(now() / 1000);
    if (current === last) return;
    // A clock set backwards restarts the stream at the new time.
    const first = current > last ? Math.max(last + 1, current - options.maxCatchUp + 1) : current;
    last = current;
    for (let s = first; s <= current; s++) onStep(s);
    options.afterSteps?.();
  };
  const timer = setInterval(pump, options.intervalMs);
  timer.unref();
  return { pump, stop: () => clearInterval(timer) };
}
