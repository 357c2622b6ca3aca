import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { ensurePrivateDir, ensurePrivateFile } from '../platform/data-dir.js';
import { surviveDroppedConnections, type DroppedConnectionLogger } from './dropped-connections.js';
import { createLocalMappingLocks, createPostgresMappingLocks, type MappingLocks } from './mapping-locks.js';
import type { DB } from './schema.js';

export type DbKind = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DbKind;
  /** The SQLite handle under Kysely, for the few hot paths that reuse prepared statements. */
  sqlite?: SqliteDatabase.Database;
  /** One writer per strategy: the per-mapping lock every trading path holds (DESIGN §9). */
  locks: MappingLocks;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite at `sqliteFile`. */
  url?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate themselves in one). */
  pgSchema?: string;
  pgPoolSize?: number;
  /**
   * How long a query may wait for a PostgreSQL connection (opening one, or a free one when all `pgPoolSize` are
   * busy) before it fails (default 5 s).
   */
  pgConnectTimeoutMs?: number;
  /** PostgreSQL cancels any statement running longer (default 30 s; 0: no limit). Migrations lift it. */
  pgStatementTimeoutMs?: number;
  /** Where a dropped PostgreSQL connection is reported (dropped-connections.ts). */
  logger?: DroppedConnectionLogger;
}

// int8 (counts, epoch-ms columns) would otherwise arrive as strings; our values fit in a double.
const INT8_OID = 20;
function getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === INT8_OID) return (v: string) => Number(v);
  return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
}
const pgTypes = { getTypeParser } as unknown as typeof pg.types;

/**
 * Without these a database that stops answering (a network partition, a lock held by hand) hangs every request
 * for as long as TCP does: a connection attempt gives up after 5 s, a statement after 30 s, and the caller
 * gets an error it can report. Overridden by PG_CONNECT_TIMEOUT_MS / PG_STATEMENT_TIMEOUT_MS.
 */
export const DEFAULT_PG_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_PG_STATEMENT_TIMEOUT_MS = 30_000;

export function openDatabase(options: DatabaseOptions): Database {
  if (options.url && /^postgres(ql)?:\/\//.test(options.url)) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.pgPoolSize ?? 10,
      types: pgTypes,
      connectionTimeoutMillis: options.pgConnectTimeoutMs ?? DEFAULT_PG_CONNECT_TIMEOUT_MS,
      // Sent when each connection starts, so it is the session's default: `reset statement_timeout` returns to it.
      statement_timeout: options.pgStatementTimeoutMs ?? DEFAULT_PG_STATEMENT_TIMEOUT_MS,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    surviveDroppedConnections(pool, options.logger, 'queries');
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    const locks = createPostgresMappingLocks({
      url: options.url,
      logger: options.logger,
      ...(options.pgSchema ? { schema: options.pgSchema } : {}),
    });
    return {
      db,
      kind: 'postgres',
      locks,
      close: async () => {
        await locks.close();
        await db.destroy();
      },
    };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') {
    // Owner-only before SQLite opens it: its -wal and -shm are created with the database file's mode.
    ensurePrivateDir(path.dirname(file));
    ensurePrivateFile(file);
  }
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A 64 MB page cache keeps a busy candle close's inserts off the disk until commit.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('temp_store = memory');
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
  return {
    db,
    kind: 'sqlite',
    sqlite,
    locks: createLocalMappingLocks(),
    close: () => db.destroy(),
  };
}
