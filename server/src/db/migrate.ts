import { Migrator, sql } from 'kysely';
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
    // Kysely looks for its bookkeeping tables in every schema unless told which one: a database holding
    // another schema's console (or test run) would make it skip creating ours and then fail to read them.
    ...(database.kind === 'postgres' ? { migrationTableSchema: await currentSchema(database) } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The schema unqualified tables are created in (the connection's search_path). */
async function currentSchema(database: Database): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  return rows[0]?.schema ?? 'public';
}
