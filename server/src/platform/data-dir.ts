import fs from 'node:fs';
import path from 'node:path';

/*
 * DATA_DIR holds what no other local user may read: the SQLite database (password hashes, sealed broker
 * tokens, webhook URLs, the trade book) with its -wal and -shm, secret.key, the sandbox's sessions and the
 * backups. Directories are 0700 and files 0600 however the process's umask is set.
 */

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The files the console writes directly in DATA_DIR, and its backups folder. */
const DATA_FILES = [
  'console.db',
  'console.db-wal',
  'console.db-shm',
  'console.db-journal',
  'secret.key',
  'sandbox-state.json',
];
const BACKUPS = 'backups';

/** Creates `dir` (and missing parents) readable by its owner only; an existing `dir` is tightened. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tightenDir(dir);
}

/**
 * Creates `file` empty with mode 0600 when it does not exist yet, so whatever opens it next (SQLite, which
 * gives its -wal and -shm the database file's mode) never makes it readable by others; an existing one is
 * tightened.
 */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Tightens a directory to 0700, unless it is not ours to tighten: owned by someone else, or shared by design
 * (the sticky bit, as /tmp has). DATA_DIR=/tmp must never make /tmp private.
 */
function tightenDir(dir: string): void {
  const stat = fs.statSync(dir);
  const isOurs = process.getuid === undefined || stat.uid === process.getuid();
  const isShared = (stat.mode & 0o1000) !== 0;
  if (isOurs && !isShared && (stat.mode & 0o777) !== PRIVATE_DIR_MODE) fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

function tightenFile(file: string): void {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (stat?.isFile() && (stat.mode & 0o777) !== PRIVATE_FILE_MODE) fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * At start: a DATA_DIR an earlier version left 0755 with 0644 files (or one copied in by hand) is made
 * private, its backups folder and backups too. Only the console's own files are touched: DATA_DIR may be a
 * folder that holds other things. A DATA_DIR that does not exist yet is left to be created when needed.
 */
export function secureDataDir(dataDir: string): void {
  if (!fs.existsSync(dataDir)) return;
  tightenDir(dataDir);
  for (const name of DATA_FILES) tightenFile(path.join(dataDir, name));
  const backups = path.join(dataDir, BACKUPS);
  if (!fs.statSync(backups, { throwIfNoEntry: false })?.isDirectory()) return;
  tightenDir(backups);
  for (const name of fs.readdirSync(backups)) tightenFile(path.join(backups, name));
}
