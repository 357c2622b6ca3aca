import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialect, openTestDatabase } from '../../test/test-app.js';
import { migrateToLatest } from './migrate.js';

// An operator's database may already hold another console's schema (a staging copy, a second desk): ours
// must still be created in full, in the schema its connection uses.
describe.skipIf(dialect !== 'postgres')('migrations beside another schema', () => {
  it('migrates a fresh schema while another migrated schema shares the database', async () => {
    const first = await openTestDatabase();
    const second = await openTestDatabase();
    try {
      await migrateToLatest(first);
      const applied = await migrateToLatest(second);
      expect(applied.length).toBeGreaterThan(10);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(second.db);
      expect(rows[0]?.n).toBe(applied.length);
      expect(await migrateToLatest(second)).toEqual([]);
    } finally {
      await second.drop();
      await first.drop();
    }
  });
});
