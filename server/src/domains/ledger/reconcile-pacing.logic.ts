/**
 * How often the reconciliation worker asks each account's broker (issue 27). An account whose broker could not
 * be asked (a refused or missing token, Kite down) is asked again later and later, so a failing broker is not
 * hammered every tick: twice the interval after the first failure, doubling, at most MAX_BACKOFF_MS. One
 * answer puts it back on every tick. Pure: the worker keeps the state.
 */

/** The longest an account waits between two tries while its broker keeps failing. */
export const MAX_BACKOFF_MS = 15 * 60_000;

export interface AccountPacing {
  /** Failures in a row. */
  failures: number;
  /** Not asked before this instant. */
  nextAt: number;
}

/** Whether the account is asked on this tick. */
export function isDue(pacing: AccountPacing | undefined, now: number): boolean {
  return pacing === undefined || now >= pacing.nextAt;
}

/**
 * The account's pacing after a try: none after an answer (asked every tick), else the next try pushed back.
 * `everyMs` is the worker's interval.
 */
export function paceAfter(
  pacing: AccountPacing | undefined,
  hasFailed: boolean,
  now: number,
  everyMs: number,
): AccountPacing | undefined {
  if (!hasFailed) return undefined;
  const failures = (pacing?.failures ?? 0) + 1;
  const wait = Math.min(everyMs * 2 ** Math.min(failures, 20), MAX_BACKOFF_MS);
  return { failures, nextAt: now + Math.max(wait, everyMs) };
}
