import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../config/env.js';
import { PRIVATE_DIR_MODE } from '../platform/data-dir.js';
import { backupSqlite, defaultBackupFile, sqliteFileIn } from './backup.js';
import { pgInstructions, runPgDump } from './pg-backup.js';

/**
 * `npm run db:backup [-- <file>]`: a consistent copy of the console's database while it runs.
 * SQLite: the online backup API into <file>, BACKUP_FILE, or DATA_DIR/backups/<time>.sqlite.
 * PostgreSQL: pg_dump when installed, otherwise the commands to run.
 */
const { positionals } = parseArgs({ allowPositionals: true });
const env = loadEnv();
const isPostgres = Boolean(env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL));
const file = path.resolve(
  positionals[0] ?? env.BACKUP_FILE ?? defaultBackupFile(env.DATA_DIR, new Date(), isPostgres ? 'dump' : 'sqlite'),
);

try {
  if (isPostgres && env.DATABASE_URL) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    const dumped = runPgDump(env.DATABASE_URL, file);
    if (dumped?.ok) {
      // Password hashes and sealed tokens: for the operator's eyes only.
      fs.chmodSync(file, 0o600);
      console.log(`Backed up PostgreSQL: ${dumped.message}`);
    } else {
      if (dumped) console.error(`pg_dump failed: ${dumped.message}`);
      console.log(pgInstructions(file));
      process.exitCode = dumped ? 1 : 0;
    }
  } else {
    const summary = await backupSqlite(sqliteFileIn(env.DATA_DIR), file);
    const rows = Object.values(summary.tables).reduce((n, c) => n + c, 0);
    console.log(`Backed up ${sqliteFileIn(env.DATA_DIR)} to ${file}`);
    console.log(`  ${Object.keys(summary.tables).length} tables, ${rows} rows, integrity ok`);
    if (!env.SECRET_KEY) {
      console.log(
        `  Sealed broker tokens need ${path.join(env.DATA_DIR, 'secret.key')} too: keep a copy of it apart from the backups.`,
      );
    }
  }
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
