import type { CreateUser, UpdateUser, User } from '@app/contract';
import { MSG } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors.js';
import type { PasswordHasher } from '../auth/passwords.js';
import { toUser } from './users.presenter.js';
import type { UsersRepository } from './users.repository.js';

export interface UsersServiceDeps {
  repo: UsersRepository;
  hasher: PasswordHasher;
  clock: Clock;
  /** Called when a user's password changes, so old sessions stop working. */
  revokeSessions: (userId: number) => Promise<void>;
}

export function createUsersService({ repo, hasher, clock, revokeSessions }: UsersServiceDeps) {
  async function assertUsernameFree(username: string, exceptId?: number) {
    const existing = await repo.findByUsername(username);
    if (existing && existing.id !== exceptId) throw conflict(MSG.usernameTaken);
  }

  return {
    async list(): Promise<User[]> {
      return (await repo.list()).map(toUser);
    },

    async get(id: number): Promise<User> {
      const row = await repo.findById(id);
      if (!row) throw notFound('User');
      return toUser(row);
    },

    async create(input: CreateUser): Promise<User> {
      await assertUsernameFree(input.username);
      const now = clock.now();
      const passwordHash = await hasher.hash(input.password);
      try {
        const row = await repo.insert({
          username: input.username,
          passwordHash,
          role: input.role,
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
      if (!(await repo.findById(id))) throw notFound('User');
      if (patch.username !== undefined) await assertUsernameFree(patch.username, id);
      const passwordHash = patch.password !== undefined ? await hasher.hash(patch.password) : undefined;
      const result = await repo
        .update(id, {
          ...(patch.username !== undefined ? { username: patch.username } : {}),
          ...(patch.role !== undefined ? { role: patch.role } : {}),
          ...(passwordHash !== undefined ? { passwordHash } : {}),
          updatedAt: clock.now(),
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw conflict(MSG.usernameTaken);
          throw err;
        });
      if (result === 'last-admin') throw conflict(MSG.cannotRemoveLastAdmin);
      if (!result) throw notFound('User');
      if (patch.password !== undefined) await revokeSessions(id);
      return toUser(result);
    },

    async remove(id: number, actingUserId: number): Promise<void> {
      if (id === actingUserId) throw badRequest(MSG.cannotDeleteSelf);
      const result = await repo.remove(id);
      if (result === 'last-admin') throw conflict(MSG.cannotRemoveLastAdmin);
      if (!result) throw notFound('User');
    },

    /** First start on an empty database: create the admin (DESIGN §2). Returns the password if generated. */
    async ensureAdmin(username: string, password: string | undefined, generate: () => string) {
      if ((await repo.count()) > 0) return null;
      const chosen = password ?? generate();
      await this.create({ username, password: chosen, role: 'admin' });
      return { username, password: chosen, generated: password === undefined };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
