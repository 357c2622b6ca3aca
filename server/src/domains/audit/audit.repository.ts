import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { AuditLogTable, DB } from '../../db/schema.js';

export type AuditRow = Selectable<AuditLogTable>;

export interface AuditFilter {
  /** The actor's recorded name (`system`, a username, a failed sign-in's attempted name), any letter case. */
  actor?: string | undefined;
  action?: string | undefined;
  /** Rows this user did or that concern what they own. */
  concerning?: number | undefined;
}

/** All SQL of the audit log. Append-only: rows are inserted and read, never updated or deleted. */
export function createAuditRepository(db: Kysely<DB>) {
  const filtered = (filter: AuditFilter) => {
    let q = db.selectFrom('auditLog');
    if (filter.actor !== undefined) q = q.where(sql<string>`lower(actor)`, '=', filter.actor.toLowerCase());
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
        filtered(filter).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
