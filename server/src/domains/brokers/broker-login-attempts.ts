import { rateLimited } from '../../platform/errors.js';
import { retryAfterFrom } from '../auth/auth.logic.js';
import { LOGIN_WINDOW_MS } from '../auth/auth.service.js';
import type { LoginFailureStore } from '../auth/login-failures.types.js';

/**
 * Broker logins the console makes for a person (a broker token, the admin's market-data token), limited per
 * console user and per broker account over the login limit's window. Each one relays a password and a TOTP
 * code to the broker: unlimited, they guess a code, or lock the trader's broker account by failing there.
 * Per user: 10 (a trader with a few accounts, a mistyped code or two), whatever the broker; per broker
 * account: 5, whoever tries.
 */
export const BROKER_LOGIN_LIMITS = { user: 10, account: 5 } as const;

/** The broker (its `kind` and its label for messages) a login goes to. */
export interface LoginBroker {
  kind: string;
  label: string;
}

/**
 * Keys in the failed-login store (shared by every instance: Redis, or the database). An account's key carries
 * its broker's kind (the same user ID may exist at two brokers; the first broker's keys are as they always were).
 */
const userKey = (userId: number) => `broker-login:user:${userId}`;
const accountKey = (broker: LoginBroker, brokerUserId: string) =>
  `${broker.kind}-login:account:${brokerUserId.trim().toUpperCase()}`;

/** The 429 a refused attempt gets, with the wait in its words and in Retry-After. */
function tooMany(broker: LoginBroker, waitMs: number) {
  const minutes = Math.ceil(waitMs / 60_000);
  return rateLimited(
    `Too many ${broker.label} login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    Math.ceil(waitMs / 1000),
  );
}

/**
 * Every attempt counts, not only failures: replies come after the broker's, so thirty requests sent at once
 * would all pass a check of failures. On one console attempts are checked and recorded one at a time, before
 * the broker is asked; across consoles they are counted again once recorded, so of attempts racing there only
 * up to the limit go through (possibly none: racing is not how a person logs in). A login that succeeds
 * clears its account's count (the person knew the password and the code); the user's count stays for the window.
 */
export function createBrokerLoginAttempts(store: LoginFailureStore, now: () => number) {
  let turn: Promise<unknown> = Promise.resolve();

  async function waitMs(userId: number, account: string, at: number, allowance: number) {
    const since = at - LOGIN_WINDOW_MS;
    const [byUser, byAccount] = await Promise.all([store.since(userKey(userId), since), store.since(account, since)]);
    return Math.max(
      retryAfterFrom(byUser, BROKER_LOGIN_LIMITS.user + allowance, LOGIN_WINDOW_MS, at),
      retryAfterFrom(byAccount, BROKER_LOGIN_LIMITS.account + allowance, LOGIN_WINDOW_MS, at),
    );
  }

  /** Checks and records one attempt; throws the 429 when it is one too many. */
  async function admit(userId: number, broker: LoginBroker, account: string) {
    const at = now();
    const before = await waitMs(userId, account, at, 0);
    if (before > 0) throw tooMany(broker, before);
    await Promise.all([store.record(userKey(userId), at), store.record(account, at)]);
    // Counted again with this attempt in: one that raced another console's is refused here.
    const after = await waitMs(userId, account, at, 1);
    if (after > 0) throw tooMany(broker, after);
  }

  return {
    /**
     * Runs `login` for console user `userId` as `brokerUserId` at `broker`, or refuses with a 429 naming the
     * wait when either has used up its attempts.
     */
    async attempt<T>(userId: number, broker: LoginBroker, brokerUserId: string, login: () => Promise<T>): Promise<T> {
      const account = accountKey(broker, brokerUserId);
      const admitted = turn.then(() => admit(userId, broker, account));
      turn = admitted.catch(() => undefined);
      await admitted;
      const result = await login();
      await store.clear(account);
      return result;
    },
  };
}

export type BrokerLoginAttempts = ReturnType<typeof createBrokerLoginAttempts>;
