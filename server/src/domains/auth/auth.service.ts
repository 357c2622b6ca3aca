import type { ChangePassword, LoginBody, User } from '@app/contract';
import { MSG } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { badRequest, unauthenticated } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/http.js';
import type { SecretBox } from '../../platform/secrets.js';
import { toSessionUser } from '../users/users.presenter.js';
import { composeToken, hashSecret, newSessionSecret, splitToken } from './auth.logic.js';
import type { AuthRepository } from './auth.repository.js';
import type { LockoutService } from './lockout.service.js';
import { passwordProblem } from './password-policy.service.js';
import type { PasswordHasher } from './passwords.service.js';

export { LOGIN_WINDOW_MS } from './lockout.service.js';

export interface AuthServiceDeps {
  repo: AuthRepository;
  hasher: PasswordHasher;
  secrets: SecretBox;
  clock: Clock;
  sessionTtlMs: number;
  /** Failed sign-ins and the locks they lead to (counted across every instance). */
  lockout: LockoutService;
}

export function createAuthService({ repo, hasher, secrets, clock, sessionTtlMs, lockout }: AuthServiceDeps) {
  let dummyHash: Promise<string> | null = null;

  return {
    /**
     * Signs in. A locked address is refused before the password is checked; a locked username refuses only
     * wrong passwords (429 with the wait), so the right one always signs in (issue 27, lockout.service.ts).
     */
    async login(body: LoginBody, ip: string): Promise<{ token: string; user: User }> {
      const attempt = await lockout.check(body.username, ip);
      const row = await repo.findUserByUsername(body.username);
      // Compare against a throwaway hash for unknown users so the reply time tells nothing.
      dummyHash ??= hasher.hash(newSessionSecret());
      const valid = await hasher.verify(body.password, row?.passwordHash ?? (await dummyHash));
      if (!row || !valid) {
        throw (await lockout.failed(attempt, row?.id ?? null)) ?? unauthenticated(MSG.invalidCredentials);
      }
      await lockout.succeeded(body.username);
      // A hash from before the pre-hash (or at a lower cost) is replaced while the password is at hand.
      if (hasher.isOutdated(row.passwordHash)) {
        await repo.replacePasswordHash(row.id, row.passwordHash, await hasher.hash(body.password));
      }
      const now = clock.now();
      const secret = newSessionSecret();
      await repo.insertSession({
        userId: row.id,
        tokenHash: hashSecret(secret),
        createdAt: now,
        expiresAt: now + sessionTtlMs,
        ip,
      });
      return { token: composeToken(secret, secrets.sign(secret)), user: toSessionUser(row) };
    },

    /** Resolves a bearer token; every failure is the same 401 so nothing leaks. */
    async authenticate(token: string | undefined): Promise<AuthContext & { username: string }> {
      if (!token) throw unauthenticated(MSG.noAuthToken);
      const parts = splitToken(token);
      if (!parts || !secrets.verify(parts.secret, parts.signature)) throw unauthenticated(MSG.sessionExpired);
      const session = await repo.findActiveSession(hashSecret(parts.secret), clock.now());
      if (!session) throw unauthenticated(MSG.sessionExpired);
      return {
        userId: session.userId,
        role: session.role,
        sessionId: session.sessionId,
        username: session.username,
        mustChangePassword: session.mustChangePassword === 1,
      };
    },

    async logout(sessionId: number): Promise<void> {
      await repo.revokeSession(sessionId, clock.now());
    },

    /** Ends a user's sessions (all, or all but one); returns the ids ended. */
    revokeAllFor(userId: number, keepSessionId?: number): Promise<number[]> {
      return repo.revokeUserSessions(userId, clock.now(), keepSessionId);
    },

    /**
     * Which of these sessions are still live: the socket layer's periodic check, so a socket outlives
     * neither its session's expiry nor a revocation it missed. Asked in slices to stay under bind limits.
     */
    async liveSessionIds(ids: number[]): Promise<Set<number>> {
      const now = clock.now();
      const live = new Set<number>();
      for (let i = 0; i < ids.length; i += 500) {
        for (const id of await repo.liveSessionIds(ids.slice(i, i + 500), now)) live.add(id);
      }
      return live;
    },

    /** The signed-in user as the API shows it. */
    async currentUser(userId: number): Promise<User> {
      const row = await repo.findUserById(userId);
      if (!row) throw unauthenticated(MSG.sessionExpired);
      return toSessionUser(row);
    },

    /**
     * The signed-in user's own password change. The current password proves it is them (a 400, not a 401,
     * when wrong: the session itself is fine). Every other session is revoked; returns their ids.
     */
    async changePassword(who: AuthContext, body: ChangePassword, ip: string): Promise<number[]> {
      const row = await repo.findUserById(who.userId);
      if (!row) throw unauthenticated(MSG.sessionExpired);
      // Guessing the current password from a borrowed session counts against the same limits as logins. A
      // locked username is refused outright here, the right password too: its owner is signed in already,
      // and a session must not become a way round the lock.
      const attempt = await lockout.check(row.username, ip, { refuseLockedName: true });
      if (!(await hasher.verify(body.current_password, row.passwordHash))) {
        await lockout.failed(attempt, row.id);
        throw badRequest(MSG.wrongCurrentPassword);
      }
      const problem = passwordProblem(body.new_password, [row.username]);
      if (problem) throw badRequest(problem);
      // A forced change (issue 14) must leave the printed password behind, not re-enter it.
      if (row.mustChangePassword === 1 && body.new_password === body.current_password) {
        throw badRequest(MSG.passwordMustDiffer);
      }
      const now = clock.now();
      await repo.setPasswordHash(who.userId, await hasher.hash(body.new_password), now);
      return repo.revokeUserSessions(who.userId, now, who.sessionId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
