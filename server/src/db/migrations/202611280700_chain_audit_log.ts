import { auditHash, type ChainedFields } from '../audit-chain.js';
import type { AnyDb } from './helpers.js';

/**
 * Issue 31 item 8: every audit entry carries its `hash` and the `prev_hash` of the entry before it (db/audit-chain.ts).
 * The entries already written are chained here in the order they were written (by id), so the chain starts at
 * the first entry ever recorded.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('prev_hash', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('hash', 'text').execute();
  let prevHash: string | null = null;
  let after = 0;
  for (;;) {
    const rows = (await db
      .selectFrom('audit_log')
      .select([
        'id',
        'at',
        'actor_user_id as actorUserId',
        'actor',
        'action',
        'object_type as objectType',
        'object_id as objectId',
        'owner_user_id as ownerUserId',
        'changes',
        'detail',
        'ip',
      ])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute()) as Array<ChainedFields & { id: number }>;
    if (rows.length === 0) break;
    for (const row of rows) {
      const hash = auditHash(prevHash, row);
      await db.updateTable('audit_log').set({ prev_hash: prevHash, hash }).where('id', '=', row.id).execute();
      prevHash = hash;
      after = row.id;
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('hash').execute();
  await db.schema.alterTable('audit_log').dropColumn('prev_hash').execute();
}
