import { sql } from 'kysely';
import type { Database } from '../../src/db/client.js';

export type RowCounts = Record<string, number>;

/** The database's own tables (migration bookkeeping included: a request must not touch it either). */
async function tableNames(database: Database): Promise<string[]> {
  const rows =
    database.kind === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
          .execute(database.db)
          .then((r) => r.rows)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`
          .execute(database.db)
          .then((r) => r.rows);
  return rows.map((r) => r.name).sort();
}

/**
 * Counts the rows of every table in one statement (one round trip on PostgreSQL), so the fuzz can afford
 * a count after each request and tell which tables a refused request wrote to.
 */
export async function rowCounter(database: Database): Promise<() => Promise<RowCounts>> {
  const tables = await tableNames(database);
  const columns = tables.map((t, i) => `(select count(*) from "${t}") as c${i}`).join(', ');
  const statement = sql.raw<Record<string, number | string>>(`select ${columns}`);
  return async () => {
    const { rows } = await statement.execute(database.db);
    const row = rows[0] ?? {};
    return Object.fromEntries(tables.map((t, i) => [t, Number(row[`c${i}`])]));
  };
}

/** Tables whose count moved between two snapshots, with the move (`sessions +1`). */
export function changedTables(before: RowCounts, after: RowCounts): string[] {
  return Object.keys(after)
    .filter((t) => before[t] !== after[t])
    .map((t) => `${t} ${after[t]! - (before[t] ?? 0) >= 0 ? '+' : ''}${after[t]! - (before[t] ?? 0)}`);
}
