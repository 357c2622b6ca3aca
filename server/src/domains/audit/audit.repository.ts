import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { auditHash } from '../../db/audit-chain.js';
import type { DbKind } from '../../db/client.js';
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

/** A lone UTF-16 surrogate (UTF-8 cannot store it: the database would keep U+FFFD) or a NUL (PostgreSQL refuses it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const NUL = String.fromCharCode(0);
const wellFormed = <T extends string | null | undefined>(text: T): T =>
  (typeof text === 'string' ? text.replace(LONE_SURROGATE, '\uFFFD').replaceAll(NUL, '\uFFFD') : text) as T;

/** The row's text as the database will give it back, so the hash of what is stored is the hash written. */
function storable(row: NewAuditRow): NewAuditRow {
  return {
    ...row,
    actor: wellFormed(row.actor),
    action: wellFormed(row.action),
    objectType: wellFormed(row.objectType),
    changes: wellFormed(row.changes),
    detail: wellFormed(row.detail),
    ip: wellFormed(row.ip),
  };
}

/** An entry as the writer gives it: the chain's two hashes are the repository's. */
export type NewAuditRow = Omit<Insertable<AuditLogTable>, 'prevHash' | 'hash'>;

/**
 * All SQL of the audit log. Append-only: rows are inserted and read, never updated or deleted. Each entry is
 * chained to the one before (db/audit-chain.ts), so appends go one at a time: on PostgreSQL every console's
 * append takes the table's own lock (SHARE ROW EXCLUSIVE: appenders wait on each other, readers never wait),
 * and on SQLite the one connection's transactions already go one at a time.
 */
export function createAuditRepository(db: Kysely<DB>, kind: DbKind) {
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
    async append(given: NewAuditRow): Promise<void> {
      // Stored as hashed: text the database would store otherwise (a lone surrogate, NUL) is made well-formed first.
      const row = storable(given);
      await db.transaction().execute(async (trx) => {
        if (kind === 'postgres') await sql`lock table audit_log in share row exclusive mode`.execute(trx);
        // The last entry that has a hash: an older console writing during an upgrade leaves none (docs/DEPLOY.md).
        const last = await trx
          .selectFrom('auditLog')
          .select('hash')
          .where('hash', 'is not', null)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        const prevHash = last?.hash ?? null;
        await trx
          .insertInto('auditLog')
          .values({ ...row, prevHash, hash: auditHash(prevHash, row) })
          .execute();
      });
    },

    /**
     * Entries written in [fromAt, toAt) (either open), oldest first by id (the order written, the chain's),
     * `limit` after id `after`, each with its owner's username: the export's batches.
     */
    between(range: { fromAt: number | null; toAt: number | null }, after: number, limit: number): Promise<AuditRow[]> {
      let q = db
        .selectFrom('auditLog')
        .selectAll('auditLog')
        .select((eb) =>
          eb
            .selectFrom('users')
            .select('username')
            .whereRef('users.id', '=', 'auditLog.ownerUserId')
            .as('ownerUsername'),
        )
        .where('id', '>', after);
      if (range.fromAt !== null) q = q.where('at', '>=', range.fromAt);
      if (range.toAt !== null) q = q.where('at', '<', range.toAt);
      return q.orderBy('id').limit(limit).execute();
    },

    /** Entries oldest first, `limit` after id `after`, as written: what `npm run audit:verify` walks. */
    chainAfter(after: number, limit: number) {
      return db.selectFrom('auditLog').selectAll().where('id', '>', after).orderBy('id').limit(limit).execute();
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
