import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { ensurePrivateDir, ensurePrivateFile, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../platform/data-dir.js';

/** What a finished backup or restore holds: the tables and their row counts, checked by SQLite. */
export interface DatabaseSummary {
  file: string;
  tables: Record<string, number>;
}

/** The console's database inside a data directory. */
export const sqliteFileIn = (dataDir: string) => path.join(dataDir, 'console.db');

/** `backups/2026-11-23T05-00-00-000Z.sqlite`: sortable, and safe in every file system. */
export function defaultBackupFile(dataDir: string, now: Date, extension = 'sqlite'): string {
  return path.join(dataDir, 'backups', `${now.toISOString().replace(/[:.]/g, '-')}.${extension}`);
}

/** Copies every page in one step once the size is known: a step never sees the console's writes half-way. */
const ALL_AT_ONCE = () => 0x7fffffff;

/** Opens a copy, checks it page by page and counts its rows; throws if it is not a sound console database. */
export function summarize(file: string): DatabaseSummary {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} is damaged: ${String(check)}`);
    const names = db
      .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`)
      .pluck()
      .all() as string[];
    if (!names.includes('kysely_migration')) throw new Error(`${file} is not a console database`);
    const tables: Record<string, number> = {};
    for (const name of names) {
      tables[name] = db
        .prepare(`select count(*) from "${name.replace(/"/g, '""')}"`)
        .pluck()
        .get() as number;
    }
    return { file, tables };
  } catch (err) {
    if (err instanceof SqliteDatabase.SqliteError)
      throw new Error(`${file} is not a readable database: ${err.message}`);
    throw err;
  } finally {
    db.close();
  }
}

/**
 * SQLite's online backup API: a consistent copy while the console keeps running and writing (WAL readers
 * never block its writers). The copy is one self-contained file (rollback journal, no -wal beside it).
 */
export async function backupSqlite(source: string, dest: string): Promise<DatabaseSummary> {
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}`);
  if (fs.existsSync(dest)) throw new Error(`${dest} exists already: choose another file`);
  // A folder made for backups is the owner's only; one the operator chose is left as it is.
  fs.mkdirSync(path.dirname(dest), { recursive: true, mode: PRIVATE_DIR_MODE });
  // Created owner-only before a page is copied in: the copy holds what the database holds.
  fs.writeFileSync(dest, '', { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(dest, { progress: ALL_AT_ONCE });
  } finally {
    db.close();
  }
  const copy = new SqliteDatabase(dest, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return summarize(dest);
}

/**
 * Restores a backup as the database at `target`. An existing database (or one in use: its -wal is there) is
 * only replaced with `force`, and then through SQLite, so a -wal left beside it cannot resurrect old pages.
 */
export async function restoreSqlite(
  backup: string,
  target: string,
  options: { force: boolean },
): Promise<DatabaseSummary> {
  if (!fs.existsSync(backup)) throw new Error(`No backup at ${backup}`);
  summarize(backup);
  const exists = fs.existsSync(target);
  if (exists && !options.force) {
    const inUse = fs.existsSync(`${target}-wal`) ? ' and looks in use (a console may be running on it)' : '';
    throw new Error(
      `${target} exists already${inUse}: restore into a new DATA_DIR, or stop the console and pass --force to replace it`,
    );
  }
  ensurePrivateDir(path.dirname(target));
  ensurePrivateFile(target);
  const src = new SqliteDatabase(backup, { readonly: true, fileMustExist: true });
  try {
    await src.backup(target, { progress: ALL_AT_ONCE });
  } finally {
    src.close();
  }
  const restored = new SqliteDatabase(target, { fileMustExist: true });
  try {
    // The console's own mode (client.ts sets it too); the copy came from a rollback-journal file.
    restored.pragma('journal_mode = WAL');
  } finally {
    restored.close();
  }
  return summarize(target);
}
