import { Migrator } from 'kysely';
import type { Database } from './client.js';
import { migrations } from './migrations/index.js';

/**
 * Applies pending migrations. On PostgreSQL Kysely holds an advisory lock meanwhile,
 * so several instances starting together migrate once.
 */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
