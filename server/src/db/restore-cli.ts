import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../config/env.js';
import { restoreSqlite, sqliteFileIn } from './backup.js';
import { pgInstructions } from './pg-backup.js';

/**
 * `npm run db:restore -- <file> [--force]`: makes a backup the database of DATA_DIR. An existing database is
 * replaced only with --force (stop the console first). PostgreSQL restores with pg_restore, by hand.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false } },
});
const env = loadEnv();
const backup = positionals[0];

try {
  if (env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    console.log(pgInstructions(backup ?? '<backup.dump>'));
  } else if (!backup) {
    console.error('Usage: npm run db:restore -- <backup file> [--force]   (into DATA_DIR, default ./data)');
    process.exitCode = 1;
  } else {
    const target = sqliteFileIn(env.DATA_DIR);
    const summary = await restoreSqlite(path.resolve(backup), target, { force: values.force });
    const rows = Object.values(summary.tables).reduce((n, c) => n + c, 0);
    console.log(`Restored ${path.resolve(backup)} to ${target}`);
    console.log(`  ${Object.keys(summary.tables).length} tables, ${rows} rows, integrity ok`);
    if (!env.SECRET_KEY && !fs.existsSync(path.join(env.DATA_DIR, 'secret.key'))) {
      console.log(
        `  Copy the original secret.key into ${env.DATA_DIR} (or set SECRET_KEY) before starting: it opens the sealed broker tokens.`,
      );
    }
  }
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
