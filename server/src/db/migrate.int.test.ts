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

// A rolling upgrade: the new version migrates first, and an old console (a standby not yet rolled, or one
// that crashed and restarts mid-roll) must still start on the newer schema. An operator found it refused.
describe('a database migrated by a newer version', () => {
  it('runs an older console without migrating, and refuses one that lacks its own migrations', async () => {
    const database = await openTestDatabase();
    try {
      await migrateToLatest(database);
      await sql`insert into kysely_migration (name, timestamp) values ('209912310001_from_a_newer_version', '2099-12-31T00:00:00.000Z')`.execute(
        database.db,
      );
      const warnings: string[] = [];
      const logger = { warn: (_: object, msg: string) => void warnings.push(msg) };
      expect(await migrateToLatest(database, logger)).toEqual([]);
      expect(warnings).toEqual(['the database is ahead of this version; running on it without migrating']);
      // Still a working database for this version.
      const { rows } = await sql<{ n: number }>`select count(*) as n from users`.execute(database.db);
      expect(Number(rows[0]?.n)).toBe(0);

      // A database that never ran one of this version's migrations is another lineage: refused, clearly.
      await sql`delete from kysely_migration where name = '202611210002_create_brokers'`.execute(database.db);
      await expect(migrateToLatest(database, logger)).rejects.toThrow(
        /migrated by another version \(209912310001_from_a_newer_version\) and lacks this version's 202611210002_create_brokers/,
      );
    } finally {
      await database.drop();
    }
  });
});
