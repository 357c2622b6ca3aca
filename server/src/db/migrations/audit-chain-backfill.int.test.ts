import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.js';
import { createAuditRepository } from '../../domains/audit/audit.repository.js';
import { verifyAuditChain } from '../../domains/audit/audit-verify.js';
import { migrateToLatest } from '../migrate.js';
import { migrations } from './index.js';

const CHAIN = '202611280700_chain_audit_log';

/** This version's migrations up to (not including) `name`. */
const before = (name: string) =>
  Object.fromEntries(Object.entries(migrations).filter(([key]) => key < name)) as typeof migrations;

// Issue 31 item 8: the entries written before the chain existed are chained by the migration, in the order
// written, and entries appended after it go on from the last of them.
describe('chaining the audit log written before the chain', () => {
  it('links every older entry in the order written, and the next append goes on from them', async () => {
    const database = await openTestDatabase();
    try {
      await migrateToLatest(database, undefined, before(CHAIN));
      for (let i = 0; i < 3; i++) {
        await sql`insert into audit_log (at, actor_user_id, actor, action, object_type, object_id, owner_user_id,
            changes, detail, ip)
          values (${1_790_000_000_000 + i}, null, 'system', 'mapping.auto_stop', 'mapping', ${i + 1}, null, '{}',
            ${i === 1 ? '{"reason":"max_loss"}' : null}, null)`.execute(database.db);
      }
      await migrateToLatest(database);
      const repo = createAuditRepository(database.db, database.kind);
      const rows = await repo.chainAfter(0, 10);
      expect(rows.map((r) => r.prevHash)).toEqual([null, rows[0]?.hash, rows[1]?.hash]);
      await repo.append({ at: 1_790_000_000_010, actor: 'admin', action: 'kill_switch.engage', changes: '{}' });
      expect(await verifyAuditChain(repo)).toMatchObject({ entries: 4, broken: null });
    } finally {
      await database.drop();
    }
  });
});
