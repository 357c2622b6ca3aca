import { rateLimited } from '../../platform/errors.js';
import { retryAfterFrom } from '../auth/auth.logic.js';
import { LOGIN_WINDOW_MS } from '../auth/auth.service.js';
import type { LoginFailureStore } from '../auth/login-failures.types.js';

/**
 * Kite logins the console makes for a person (a broker token, the admin's market-data token), limited per
 * console user and per Kite account over the login limit's window. Each one relays a password and a TOTP
 * code to Kite: unlimited, they guess a code, or lock the trader's Kite account by failing there.
 * Per user: 10 (a trader with a few accounts, a mistyped code or two); per Kite account: 5, whoever tries.
 */
export const KITE_LOGIN_LIMITS = { user: 10, account: 5 } as const;

/** Keys in the failed-login store (shared by every instance: Redis, or the database). */
const userKey = (userId: number) => `kite-login:user:${userId}`;
const accountKey = (kiteUserId: string) => `kite-login:account:${kiteUserId.trim().toUpperCase()}`;

/** The 429 a refused attempt gets, with the wait in its words and in Retry-After. */
function tooMany(waitMs: number) {
  const minutes = Math.ceil(waitMs / 60_000);
  return rateLimited(
    `Too many Kite login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    Math.ceil(waitMs / 1000),
  );
}

/**
 * Every attempt counts, not only failures: replies come after Kite's, so thirty requests sent at once would
 * all pass a check of failures. On one console attempts are checked and recorded one at a time, before Kite
 * is asked; across consoles they are counted again once recorded, so of attempts racing there only up to
 * the limit go through (possibly none: racing is not how a person logs in). A login that succeeds clears its
 * account's count (the person knew the password and the code); the user's count stays for the window.
 */
export function createKiteLoginAttempts(store: LoginFailureStore, now: () => number) {
  let turn: Promise<unknown> = Promise.resolve();

  async function waitMs(userId: number, kiteUserId: string, at: number, allowance: number) {
    const since = at - LOGIN_WINDOW_MS;
    const [byUser, byAccount] = await Promise.all([
      store.since(userKey(userId), since),
      store.since(accountKey(kiteUserId), since),
    ]);
    return Math.max(
      retryAfterFrom(byUser, KITE_LOGIN_LIMITS.user + allowance, LOGIN_WINDOW_MS, at),
      retryAfterFrom(byAccount, KITE_LOGIN_LIMITS.account + allowance, LOGIN_WINDOW_MS, at),
    );
  }

  /** Checks and records one attempt; throws the 429 when it is one too many. */
  async function admit(userId: number, kiteUserId: string) {
    const at = now();
    const before = await waitMs(userId, kiteUserId, at, 0);
    if (before > 0) throw tooMany(before);
    await Promise.all([store.record(userKey(userId), at), store.record(accountKey(kiteUserId), at)]);
    // Counted again with this attempt in: one that raced another console's is refused here.
    const after = await waitMs(userId, kiteUserId, at, 1);
    if (after > 0) throw tooMany(after);
  }

  return {
    /**
     * Runs `login` for console user `userId` as Kite user `kiteUserId`, or refuses with a 429 naming the wait
     * when either has used up its attempts.
     */
    async attempt<T>(userId: number, kiteUserId: string, login: () => Promise<T>): Promise<T> {
      const admitted = turn.then(() => admit(userId, kiteUserId));
      turn = admitted.catch(() => undefined);
      await admitted;
      const result = await login();
      await store.clear(accountKey(kiteUserId));
      return result;
    },
  };
}

export type KiteLoginAttempts = ReturnType<typeof createKiteLoginAttempts>;
