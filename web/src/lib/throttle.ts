/**
 * At most one call of `fn` per `ms`: the first call runs at once, calls during the wait are folded into
 * one trailing call at its end, so the last event is never lost. `cancel` drops a pending trailing call.
 */
export function throttle(fn: () => void, ms: number): { (): void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let isPending = false;
  const release = () => {
    if (isPending) {
      isPending = false;
      fn();
      timer = setTimeout(release, ms);
    } else {
      timer = null;
    }
  };
  const run = () => {
    if (timer !== null) {
      isPending = true;
      return;
    }
    fn();
    timer = setTimeout(release, ms);
  };
  run.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    isPending = false;
  };
  return run;
}
