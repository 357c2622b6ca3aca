import { useCallback, useRef } from 'react';

/**
 * Guards a form against a double click: the first submit runs `task`, every further submit is
 * ignored until it settles. A `disabled={isPending}` button is not enough on its own, because the
 * second click of a fast double click arrives before React has re-rendered the button disabled.
 * The task reports its own failure (a mutation's onError); a rejection here is swallowed.
 */
export function useSingleSubmit(): (task: () => Promise<unknown>) => Promise<void> {
  const isBusy = useRef(false);
  return useCallback(async (task: () => Promise<unknown>) => {
    if (isBusy.current) return;
    isBusy.current = true;
    try {
      await task();
    } catch {
      // Already shown by the task's own error handling.
    } finally {
      isBusy.current = false;
    }
  }, []);
}
