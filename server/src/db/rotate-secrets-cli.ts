import fs from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../config/env.js';
import { secretBoxFromEnv } from '../platform/secrets.js';
import { openDatabase } from './client.js';
import { resealSecrets } from './reseal-secrets.js';

/**
 * `npm run secrets:rotate`: re-seals every stored secret with SECRET_KEY (or the key file), opening old values
 * with SECRET_KEY_PREVIOUS. Prints counts only, never a value.
 */
const env = loadEnv();
if (!env.SECRET_KEY && !fs.existsSync(path.join(env.DATA_DIR, 'secret.key'))) {
  // Creating a fresh key here would only make every stored value unreadable.
  console.error(`No key: set SECRET_KEY, or run where ${path.join(env.DATA_DIR, 'secret.key')} exists`);
  process.exit(1);
}
const box = secretBoxFromEnv(env);
const database = openDatabase({
  url: env.DATABASE_URL,
  sqliteFile: path.join(env.DATA_DIR, 'console.db'),
  pgConnectTimeoutMs: env.PG_CONNECT_TIMEOUT_MS,
  pgStatementTimeoutMs: env.PG_STATEMENT_TIMEOUT_MS,
});
try {
  const counts = await resealSecrets(database.db, box);
  console.log(`Sealed values now under key ${box.keyId}:`);
  for (const c of counts) console.log(`  ${c.column}: ${c.resealed} re-sealed, ${c.current} already current`);
  const total = counts.reduce((n, c) => n + c.resealed, 0);
  console.log(
    total > 0 || env.SECRET_KEY_PREVIOUS
      ? 'Done. SECRET_KEY_PREVIOUS can now be removed (sessions signed with it end then: users sign in again).'
      : 'Done.',
  );
} catch (err) {
  console.error(`Nothing changed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
