import { useCallback, useRef } from 'react';

/**
 * Runs one submit at a time. A button's `disabled` only takes effect after React re-renders, so a
 * fast double-click can land twice before it does; this guard is set synchronously on the first
 * call, and a call made while one is in flight is dropped. Failures are the action's own business
 * (mutations report them in onError), so they are swallowed here rather than left unhandled.
 */
export function useSingleFlight() {
  const isBusy = useRef(false);
  return useCallback((action: () => Promise<unknown>): void => {
    if (isBusy.current) return;
    isBusy.current = true;
    action()
      .catch(() => undefined)
      .finally(() => {
        isBusy.current = false;
      });
  }, []);
}
