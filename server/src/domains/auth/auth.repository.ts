import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export function createAuthRepository(db: Kysely<DB>) {
  return {
    /**
     * The user signing in, in any letter case (issue 27): names are unique ignoring case, so "ADMIN" can only
     * mean "admin". Served by the unique index on lower(username).
     */
    findUserByUsername(username: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    async insertSession(s: { userId: number; tokenHash: string; createdAt: number; expiresAt: number; ip: string }) {
      const row = await db
        .insertInto('sessions')
        .values({ ...s, revokedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The live session behind a token hash, with its user. */
    findActiveSession(tokenHash: string, now: number) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.userId')
        .select([
          'sessions.id as sessionId',
          'users.id as userId',
          'users.role',
          'users.username',
          'users.mustChangePassword',
        ])
        .where('sessions.tokenHash', '=', tokenHash)
        .where('sessions.revokedAt', 'is', null)
        .where('sessions.expiresAt', '>', now)
        .executeTakeFirst();
    },

    /** Which of these sessions are still live (not revoked, not expired, not deleted with their user). */
    async liveSessionIds(ids: number[], now: number): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('sessions')
        .select('id')
        .where('id', 'in', ids)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .execute();
      return rows.map((r) => r.id);
    },

    async revokeSession(sessionId: number, now: number) {
      await db.updateTable('sessions').set({ revokedAt: now }).where('id', '=', sessionId).execute();
    },

    findUserById(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The user's own new password; it also ends a first-start forced change (issue 14). */
    async setPasswordHash(userId: number, passwordHash: string, now: number) {
      await db
        .updateTable('users')
        .set({ passwordHash, mustChangePassword: 0, updatedAt: now })
        .where('id', '=', userId)
        .execute();
    },

    /** The same password under a newer hash (issue 27's pre-hash, or a higher cost): nothing else changes. */
    async replacePasswordHash(userId: number, previous: string, passwordHash: string) {
      // Only over the hash just verified: a password changed meanwhile is never overwritten by the old one.
      await db
        .updateTable('users')
        .set({ passwordHash })
        .where('id', '=', userId)
        .where('passwordHash', '=', previous)
        .execute();
    },

    /** Revokes the user's live sessions, all of them or all but `keepSessionId`; returns the revoked ids. */
    async revokeUserSessions(userId: number, now: number, keepSessionId?: number) {
      let query = db
        .updateTable('sessions')
        .set({ revokedAt: now })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null);
      if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
      const rows = await query.returning('id').execute();
      return rows.map((r) => r.id);
    },

    /** Housekeeping: expired and revoked rows are of no further use. */
    async deleteStaleSessions(now: number) {
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expiresAt', '<=', now), eb('revokedAt', 'is not', null)]))
        .execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
