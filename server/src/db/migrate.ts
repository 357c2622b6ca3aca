import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { Database } from './client.js';
import { migrations } from './migrations/index.js';
import type { DB } from './schema.js';

/**
 * Applies pending migrations. On PostgreSQL Kysely holds an advisory lock meanwhile,
 * so several instances starting together migrate once.
 */
export async function migrateToLatest(
  database: Database,
  logger?: { warn(obj: object, msg: string): void },
  /** This version's migrations; tests pass their own. */
  known: Record<string, Migration> = migrations,
): Promise<string[]> {
  const schema = database.kind === 'postgres' ? await currentSchema(database) : undefined;
  const ahead = await newerThanThisVersion(database, known, schema);
  if (ahead.length > 0) {
    // A rolling upgrade (docs/DEPLOY.md): the new version migrated first, and migrations are additive
    // within a release, so this older console runs on the newer schema as it is. Kysely would refuse to
    // start at all (an executed migration it does not know), and an old instance that crashed mid-roll
    // could never come back, nor could a roll be reversed.
    const pending = Object.keys(known).filter((name) => !ahead.applied.has(name));
    if (pending.length > 0) {
      throw new Error(
        `the database was migrated by another version (${ahead.join(', ')}) and lacks this version's ` +
          `${pending.join(', ')}: run one version per database`,
      );
    }
    logger?.warn({ newer: ahead }, 'the database is ahead of this version; running on it without migrating');
    return [];
  }
  if (database.kind !== 'postgres') return applyPending(database.db, known, schema);
  // A migration (an index on a big table, a backfill) or the wait for another instance's migration lock may
  // take longer than the pool's statement timeout (client.ts): it is lifted on the one connection migrating,
  // and put back (the session's default from connect) before that connection returns to the pool.
  return database.db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    let applied: string[];
    try {
      applied = await applyPending(connection, known, schema);
    } catch (err) {
      await sql`reset statement_timeout`.execute(connection).catch(() => undefined);
      throw err;
    }
    await sql`reset statement_timeout`.execute(connection);
    return applied;
  });
}

async function applyPending(
  db: Kysely<DB>,
  known: Record<string, Migration>,
  schema: string | undefined,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(known) },
    // Kysely looks for its bookkeeping tables in every schema unless told which one: a database holding
    // another schema's console (or test run) would make it skip creating ours and then fail to read them.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (attempt < 5 && isOtherSchemaDropped(error, schema)) continue;
    throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  }
}

/**
 * Kysely finds its bookkeeping tables by listing the tables of every schema on the database
 * (`has_schema_privilege` per schema name); a schema another console or test run drops at that instant makes
 * the listing fail with `invalid_schema_name` (3F000). Nothing of ours was applied (that check comes first,
 * and on PostgreSQL each migration runs in a transaction), so looking again is safe.
 */
function isOtherSchemaDropped(error: unknown, ours: string | undefined): boolean {
  if (ours === undefined || typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '3F000' && typeof message === 'string' && !message.includes(`"${ours}"`);
}

/** The schema unqualified tables are created in (the connection's search_path). */
async function currentSchema(database: Database): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  return rows[0]?.schema ?? 'public';
}

/**
 * Migrations the database has run that this version does not know (a newer version ran them), with the
 * names it has run; none on a fresh database.
 */
async function newerThanThisVersion(
  database: Database,
  known: Record<string, Migration>,
  schema: string | undefined,
): Promise<string[] & { applied: Set<string> }> {
  const table = schema ? sql`${sql.id(schema, 'kysely_migration')}` : sql`kysely_migration`;
  const applied = new Set<string>();
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(database.db);
    for (const r of rows) applied.add(r.name);
  } catch {
    // No bookkeeping table yet: a fresh database.
  }
  const names = new Set(Object.keys(known));
  return Object.assign(
    [...applied].filter((name) => !names.has(name)),
    { applied },
  );
}
