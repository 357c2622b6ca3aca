import type { ChangePassword, LoginBody, User } from '@app/contract';
import { MSG } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { badRequest, rateLimited, unauthenticated } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/http.js';
import type { SecretBox } from '../../platform/secrets.js';
import { toUser } from '../users/users.presenter.js';
import { composeToken, FailureLimiter, hashSecret, newSessionSecret, splitToken } from './auth.logic.js';
import type { AuthRepository } from './auth.repository.js';
import type { PasswordHasher } from './passwords.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export interface AuthServiceDeps {
  repo: AuthRepository;
  hasher: PasswordHasher;
  secrets: SecretBox;
  clock: Clock;
  sessionTtlMs: number;
}

export function createAuthService({ repo, hasher, secrets, clock, sessionTtlMs }: AuthServiceDeps) {
  // Per-username and per-address failure windows (DESIGN §4: login is rate-limited).
  const byUsername = new FailureLimiter(5, FIFTEEN_MINUTES);
  const byAddress = new FailureLimiter(20, FIFTEEN_MINUTES);
  let dummyHash: Promise<string> | null = null;

  function assertNotLocked(usernameKey: string, ip: string, now: number) {
    const wait = Math.max(byUsername.retryAfterMs(usernameKey, now), byAddress.retryAfterMs(ip, now));
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60000);
      throw rateLimited(
        `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        Math.ceil(wait / 1000),
      );
    }
  }

  return {
    async login(body: LoginBody, ip: string): Promise<{ token: string; user: User }> {
      const now = clock.now();
      const usernameKey = body.username.toLowerCase();
      assertNotLocked(usernameKey, ip, now);
      const row = await repo.findUserByUsername(body.username);
      // Compare against a throwaway hash for unknown users so the reply time tells nothing.
      dummyHash ??= hasher.hash(newSessionSecret());
      const valid = await hasher.verify(body.password, row?.passwordHash ?? (await dummyHash));
      if (!row || !valid) {
        byUsername.recordFailure(usernameKey, now);
        byAddress.recordFailure(ip, now);
        throw unauthenticated(MSG.invalidCredentials);
      }
      byUsername.reset(usernameKey);
      const secret = newSessionSecret();
      await repo.insertSession({
        userId: row.id,
        tokenHash: hashSecret(secret),
        createdAt: now,
        expiresAt: now + sessionTtlMs,
        ip,
      });
      return { token: composeToken(secret, secrets.sign(secret)), user: toUser(row) };
    },

    /** Resolves a bearer token; every failure is the same 401 so nothing leaks. */
    async authenticate(token: string | undefined): Promise<AuthContext & { username: string }> {
      if (!token) throw unauthenticated(MSG.noAuthToken);
      const parts = splitToken(token);
      if (!parts || !secrets.verify(parts.secret, parts.signature)) throw unauthenticated(MSG.sessionExpired);
      const session = await repo.findActiveSession(hashSecret(parts.secret), clock.now());
      if (!session) throw unauthenticated(MSG.sessionExpired);
      return { userId: session.userId, role: session.role, sessionId: session.sessionId, username: session.username };
    },

    async logout(sessionId: number): Promise<void> {
      await repo.revokeSession(sessionId, clock.now());
    },

    async revokeAllFor(userId: number): Promise<void> {
      await repo.revokeUserSessions(userId, clock.now());
    },

    /**
     * The signed-in user's own password change. The current password proves it is them (a 400, not a 401,
     * when wrong: the session itself is fine). Every other session is revoked; returns their ids.
     */
    async changePassword(who: AuthContext, body: ChangePassword): Promise<number[]> {
      const row = await repo.findUserById(who.userId);
      if (!row) throw unauthenticated(MSG.sessionExpired);
      // Guessing the current password from a borrowed session counts against the same limit as logins.
      const usernameKey = row.username.toLowerCase();
      assertNotLocked(usernameKey, '', clock.now());
      if (!(await hasher.verify(body.current_password, row.passwordHash))) {
        byUsername.recordFailure(usernameKey, clock.now());
        throw badRequest(MSG.wrongCurrentPassword);
      }
      const now = clock.now();
      await repo.setPasswordHash(who.userId, await hasher.hash(body.new_password), now);
      return repo.revokeUserSessions(who.userId, now, who.sessionId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
