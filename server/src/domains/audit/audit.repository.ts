import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { AuditLogTable, DB } from '../../db/schema.js';

/** A row with the username of whose object it touched (null: no owner, or the user is gone). */
export type AuditRow = Selectable<AuditLogTable> & { ownerUsername: string | null };

export interface AuditFilter {
  /**
   * A name in any letter case: rows whose actor is recorded so (`system`, a username, a failed sign-in's
   * attempted name), and rows touching what the user of that name owns (an admin's change to their strategy,
   * an automatic stop of it): everything about one trader.
   */
  actor?: string | undefined;
  action?: string | undefined;
  /** Rows this user did or that concern what they own. */
  concerning?: number | undefined;
}

/** All SQL of the audit log. Append-only: rows are inserted and read, never updated or deleted. */
export function createAuditRepository(db: Kysely<DB>) {
  const filtered = (filter: AuditFilter) => {
    let q = db.selectFrom('auditLog');
    const name = filter.actor?.toLowerCase();
    if (name !== undefined) {
      q = q.where((eb) =>
        eb.or([
          eb(sql<string>`lower(actor)`, '=', name),
          eb(
            'ownerUserId',
            'in',
            eb
              .selectFrom('users')
              .select('id')
              .where(sql<string>`lower(username)`, '=', name),
          ),
        ]),
      );
    }
    if (filter.action !== undefined) q = q.where('action', '=', filter.action);
    const userId = filter.concerning;
    if (userId !== undefined) {
      q = q.where((eb) => eb.or([eb('actorUserId', '=', userId), eb('ownerUserId', '=', userId)]));
    }
    return q;
  };

  return {
    async append(row: Insertable<AuditLogTable>): Promise<void> {
      await db.insertInto('auditLog').values(row).execute();
    },

    /** Newest first; ties (one millisecond) by insertion order. */
    async page(filter: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(filter)
          .selectAll('auditLog')
          .select((eb) =>
            eb
              .selectFrom('users')
              .select('username')
              .whereRef('users.id', '=', 'auditLog.ownerUserId')
              .as('ownerUsername'),
          )
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
