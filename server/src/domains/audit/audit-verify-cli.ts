import fs from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../../config/env.js';
import { openDatabase } from '../../db/client.js';
import { iso } from '../../platform/time.js';
import { verifyAuditChain } from './audit-verify.js';
import { createAuditRepository } from './audit.repository.js';

/**
 * `npm run audit:verify` (issue 31 item 8): walks the console's audit log (DATABASE_URL, or DATA_DIR's SQLite
 * file) link by link and reports the first broken one. Exit code 0: the chain holds; 1: a link is broken; 2: it
 * could not be checked. Reads only.
 */
async function main(): Promise<number> {
  const env = loadEnv(process.env);
  const isPostgres = Boolean(env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL));
  const sqliteFile = path.join(env.DATA_DIR, 'console.db');
  // Opening a missing SQLite file would create an empty one and report an empty, intact log.
  if (!isPostgres && !fs.existsSync(sqliteFile)) {
    console.error(`No console database in ${env.DATA_DIR}: run with the console's DATA_DIR (or DATABASE_URL).`);
    return 2;
  }
  const database = openDatabase({ url: env.DATABASE_URL, sqliteFile });
  try {
    const report = await verifyAuditChain(createAuditRepository(database.db, database.kind));
    if (report.broken) {
      const { id, at, why } = report.broken;
      console.log(`Audit log broken at entry #${id} (${iso(at)}): ${why}.`);
      console.log(`The ${report.entries} entries before it hold.`);
      return 1;
    }
    const last = report.lastId === null ? '' : `, the last #${report.lastId}`;
    console.log(`Audit log intact: ${report.entries} entries${last}, every link holds.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`Could not check the audit log: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 2;
  },
);
