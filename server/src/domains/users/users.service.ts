import type { CreateUser, UpdateUser, User, UserListItem } from '@app/contract';
import { MSG, usernameTakenOtherCase } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors.js';
import type { LockoutService } from '../auth/lockout.service.js';
import { passwordProblem } from '../auth/password-policy.service.js';
import type { PasswordHasher } from '../auth/passwords.service.js';
import { toUser, toUserListItem } from './users.presenter.js';
import type { UsersRepository } from './users.repository.js';

export interface UsersServiceDeps {
  repo: UsersRepository;
  hasher: PasswordHasher;
  clock: Clock;
  /** `user.password_changed` and `user.access_changed` end the user's sessions (auth subscribes). */
  events: Pick<DomainEventBus, 'publish'>;
  /** Sign-in locks (the auth domain's, issue 27): the list's lock column and the admin's unlock. */
  logins: Pick<LockoutService, 'status' | 'unlock'>;
}

export function createUsersService({ repo, hasher, clock, events, logins }: UsersServiceDeps) {
  /**
   * Names that differ only in letter case ("Admin" beside "admin") are refused too: on a list, in the audit
   * log or in an alert they would be mistaken for each other.
   */
  async function assertUsernameFree(username: string, exceptId?: number) {
    const existing = await repo.findByUsernameAnyCase(username);
    if (!existing || existing.id === exceptId) return;
    throw conflict(existing.username === username ? MSG.usernameTaken : usernameTakenOtherCase(existing.username));
  }

  /**
   * Issue 14: an admin's create and reset follow the same password rules as a user's own change; the
   * account's username counts as guessable (issue 27).
   */
  function assertAcceptablePassword(plain: string, username: string) {
    const problem = passwordProblem(plain, [username]);
    if (problem) throw badRequest(problem);
  }

  return {
    async list(): Promise<UserListItem[]> {
      const rows = await repo.list();
      const locks = await logins.status(rows.map((r) => r.username));
      return rows.map((r) => toUserListItem(r, locks.get(r.username.toLowerCase())));
    },

    /** The admin's unlock: the user's failed sign-ins are forgotten, ending a lock (issue 27). */
    async unlock(id: number): Promise<UserListItem> {
      const row = await repo.findById(id);
      if (!row) throw notFound('User');
      await logins.unlock(row.username);
      const locks = await logins.status([row.username]);
      return toUserListItem(row, locks.get(row.username.toLowerCase()));
    },

    async get(id: number): Promise<User> {
      const row = await repo.findById(id);
      if (!row) throw notFound('User');
      return toUser(row);
    },

    /**
     * `mustChangePassword`: whether the user must replace this password at their first sign-in. True for a
     * user an admin creates (issue 27: the admin knows the password, so it is not the user's yet) and for
     * the first start's printed one (issue 14). Left out (false) by the callers whose password is the user's
     * own choice already: ADMIN_PASSWORD, the demo user, tests' factories.
     */
    async create(input: CreateUser, options: { mustChangePassword?: boolean } = {}): Promise<User> {
      assertAcceptablePassword(input.password, input.username);
      await assertUsernameFree(input.username);
      const now = clock.now();
      const passwordHash = await hasher.hash(input.password);
      try {
        const row = await repo.insert({
          username: input.username,
          passwordHash,
          role: input.role,
          mustChangePassword: options.mustChangePassword ? 1 : 0,
          createdAt: now,
          updatedAt: now,
        });
        return toUser(row);
      } catch (err) {
        // A second submit that passed the check while the first was hashing loses at the unique index.
        if (isUniqueViolation(err)) throw conflict(MSG.usernameTaken);
        throw err;
      }
    },

    async update(id: number, patch: UpdateUser): Promise<User> {
      const before = await repo.findById(id);
      if (!before) throw notFound('User');
      if (patch.password !== undefined) assertAcceptablePassword(patch.password, patch.username ?? before.username);
      if (patch.username !== undefined) await assertUsernameFree(patch.username, id);
      const passwordHash = patch.password !== undefined ? await hasher.hash(patch.password) : undefined;
      const result = await repo
        .update(id, {
          ...(patch.username !== undefined ? { username: patch.username } : {}),
          ...(patch.role !== undefined ? { role: patch.role } : {}),
          // An admin's reset is not the user's password either: replaced at their next sign-in (issue 27).
          ...(passwordHash !== undefined ? { passwordHash, mustChangePassword: 1 } : {}),
          updatedAt: clock.now(),
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw conflict(MSG.usernameTaken);
          throw err;
        });
      if (result === 'last-admin') throw conflict(MSG.cannotRemoveLastAdmin);
      if (!result) throw notFound('User');
      if (patch.password !== undefined)
        await events.publish('user.password_changed', { userId: id, keepSessionId: null });
      // A session carries its role; a new role starts from a new sign-in (an admin demoting themselves too).
      if (result.role !== before.role) await events.publish('user.access_changed', { userId: id, change: 'role' });
      return toUser(result);
    },

    async remove(id: number, actingUserId: number): Promise<void> {
      if (id === actingUserId) throw badRequest(MSG.cannotDeleteSelf);
      const result = await repo.remove(id);
      if (result === 'last-admin') throw conflict(MSG.cannotRemoveLastAdmin);
      if (result === 'still-trading') throw conflict(MSG.userStillTrading);
      if (!result) throw notFound('User');
      // Their session rows went with them; their open sockets must follow now, not at the next sweep.
      await events.publish('user.access_changed', { userId: id, change: 'deleted' });
    },

    /**
     * First start on an empty database: create the admin (DESIGN §2). Returns the password if generated.
     * A generated password is printed, so it must be changed at first login (issue 14); one the operator
     * gave in ADMIN_PASSWORD is theirs already, but must still pass the password rules.
     */
    async ensureAdmin(username: string, password: string | undefined, generate: () => string) {
      if ((await repo.count()) > 0) return null;
      const chosen = password ?? generate();
      const problem = passwordProblem(chosen, [username]);
      if (problem) throw new Error(`ADMIN_PASSWORD is refused: ${problem}`);
      await this.create({ username, password: chosen, role: 'admin' }, { mustChangePassword: password === undefined });
      return { username, password: chosen, generated: password === undefined };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
