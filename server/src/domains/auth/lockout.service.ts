import { tooManyLoginsForUser, tooManyLoginsFromNetwork } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { rateLimited } from '../../platform/errors.js';
import { LOGIN_LIMITS, lockOf, retryAfterFrom } from './auth.logic.js';
import type { LoginFailureStore } from './login-failures.types.js';

/** The login rate limit's window (DESIGN §4). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export interface LockoutDeps {
  failures: LoginFailureStore;
  clock: Clock;
  /** `audit.action`: a lock's start goes on record once, the attempts it then refuses are only counted. */
  events: Pick<DomainEventBus, 'publish'>;
}

/** What was known of a sign-in attempt before its password was checked. */
export interface Attempt {
  username: string;
  ip: string;
  now: number;
  byUser: number[];
  byAddress: number[];
  /** How long the username stays locked (ms), 0 when it is not. */
  userWait: number;
}

const userKey = (username: string) => `user:${username.toLowerCase()}`;
const addrKey = (ip: string) => `addr:${ip}`;
const inMinutes = (ms: number) => Math.ceil(ms / 60000);
const lockedName = (wait: number) => rateLimited(tooManyLoginsForUser(inMinutes(wait)), Math.ceil(wait / 1000));

/**
 * Failed sign-ins and the locks they lead to (issue 27).
 *
 * A username's lock refuses its wrong passwords, never its right one: a lock that also refused the right
 * password let anyone who knew a name (the admin's) keep its owner, and the kill switch, out for good.
 *
 * So what bounds guessing is the address: one with 20 failures in the window is refused before any password
 * is checked, the right one too. Letting a right password through there would tell an attacker every guess
 * that hit, and nothing would bound them. People behind one shared address (an office, a proxy without
 * TRUST_PROXY) wait out a neighbour's lock; no person is locked out for longer than the window. A wrong
 * password at a username already locked costs its address 4 failures, not 1: an address gets 5 such guesses.
 */
export function createLockoutService({ failures, clock, events }: LockoutDeps) {
  async function lockStarted(
    attempt: Attempt,
    locked: 'username' | 'address',
    count: number,
    until: number,
    userId: number | null,
  ) {
    await events.publish('audit.action', {
      at: attempt.now,
      actorUserId: null,
      action: 'auth.login_locked',
      objectType: locked === 'username' && userId !== null ? 'user' : null,
      objectId: locked === 'username' ? userId : null,
      ownerUserId: locked === 'username' ? userId : null,
      changes: {},
      detail: {
        locked,
        ...(locked === 'username' ? { username: attempt.username.slice(0, 64) } : {}),
        failed_logins: count,
        locked_until: new Date(until).toISOString(),
      },
      ip: attempt.ip || null,
    });
  }

  return {
    /**
     * Before the password is checked: a locked address is refused here (429); a locked username is noted, or
     * with `refuseLockedName` refused too.
     */
    async check(username: string, ip: string, options: { refuseLockedName?: boolean } = {}): Promise<Attempt> {
      const now = clock.now();
      const since = now - LOGIN_WINDOW_MS;
      const [byUser, byAddress] = await Promise.all([
        failures.since(userKey(username), since),
        ip ? failures.since(addrKey(ip), since) : Promise.resolve([]),
      ]);
      const addressWait = retryAfterFrom(byAddress, LOGIN_LIMITS.perAddress, LOGIN_WINDOW_MS, now);
      if (addressWait > 0) {
        throw rateLimited(tooManyLoginsFromNetwork(inMinutes(addressWait)), Math.ceil(addressWait / 1000));
      }
      const userWait = retryAfterFrom(byUser, LOGIN_LIMITS.perUser, LOGIN_WINDOW_MS, now);
      if (userWait > 0 && options.refuseLockedName) throw lockedName(userWait);
      return { username, ip, now, byUser, byAddress, userWait };
    },

    /**
     * Counts a wrong password. Returns the refusal to answer with when the username was already locked (the
     * lock's wait, now extended by this failure), else null: the caller answers as for any wrong password.
     * The attempt that starts a lock goes on the audit log as one `auth.login_locked`.
     */
    async failed(attempt: Attempt, userId: number | null) {
      const { now, ip } = attempt;
      const weight = attempt.userWait > 0 ? LOGIN_LIMITS.lockedNameWeight : 1;
      await Promise.all([
        failures.record(userKey(attempt.username), now),
        ip ? failures.record(addrKey(ip), now, weight) : Promise.resolve(),
      ]);
      const byUser = [...attempt.byUser, now];
      const userWait = retryAfterFrom(byUser, LOGIN_LIMITS.perUser, LOGIN_WINDOW_MS, now);
      const byAddress = [...attempt.byAddress, ...Array<number>(ip ? weight : 0).fill(now)];
      const addressWait = retryAfterFrom(byAddress, LOGIN_LIMITS.perAddress, LOGIN_WINDOW_MS, now);
      // Two failures at the same instant may both see the lock start: the log then says so twice, never zero.
      if (attempt.userWait === 0 && userWait > 0) {
        await lockStarted(attempt, 'username', byUser.length, now + userWait, userId);
      }
      if (addressWait > 0) await lockStarted(attempt, 'address', byAddress.length, now + addressWait, null);
      return attempt.userWait === 0 ? null : lockedName(userWait);
    },

    /** A right password: the username's failures are forgiven (the address's stay counted). */
    async succeeded(username: string) {
      await failures.clear(userKey(username));
    },

    /** Each username's lock, by its lower-case form (usernames are unique in any case). */
    async status(usernames: readonly string[]) {
      const now = clock.now();
      const found = await failures.sinceMany(usernames.map(userKey), now - LOGIN_WINDOW_MS);
      return new Map(
        usernames.map((u) => [u.toLowerCase(), lockOf(found.get(userKey(u)) ?? [], LOGIN_WINDOW_MS, now)]),
      );
    },

    /** An admin's unlock: the username's failures are forgotten, so its wrong passwords count from zero again. */
    async unlock(username: string) {
      await failures.clear(userKey(username));
    },
  };
}

export type LockoutService = ReturnType<typeof createLockoutService>;
