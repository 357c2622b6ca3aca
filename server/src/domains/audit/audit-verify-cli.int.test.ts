import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { migrateToLatest } from '../../db/migrate.js';
import { dialect } from '../../../test/test-app.js';
import { createAuditRepository } from './audit.repository.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdx-audit-verify-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `npm run audit:verify` as npm runs it (server/dist), on the console's DATA_DIR: its output and exit code. */
async function verify(): Promise<{ code: number; out: string }> {
  const cli = path.join(repoRoot, 'server/dist/domains/audit/audit-verify-cli.js');
  const env = { PATH: process.env.PATH ?? '', DATA_DIR: dir };
  return run(process.execPath, [cli], { env }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, out: err.stdout + err.stderr }),
  );
}

// Issue 31 item 8: `npm run audit:verify` on a console's database file (SQLite; the walk itself is tested on
// both databases by audit-chain.int.test.ts).
describe.runIf(dialect === 'sqlite')('npm run audit:verify', () => {
  it('says the chain holds, then names the first entry changed, with exit codes 0 and 1', async () => {
    const database = openDatabase({ sqliteFile: path.join(dir, 'console.db') });
    await migrateToLatest(database);
    const repo = createAuditRepository(database.db, database.kind);
    for (const action of ['kill_switch.engage', 'kill_switch.release', 'user.create']) {
      await repo.append({ at: 1_795_000_000_000, actor: 'admin', action, changes: '{}' });
    }
    const [, second] = await repo.chainAfter(0, 3);
    await database.close();

    expect(await verify()).toEqual({
      code: 0,
      out: `Audit log intact: 3 entries, the last #${second!.id + 1}, every link holds.\n`,
    });

    const tampered = openDatabase({ sqliteFile: path.join(dir, 'console.db') });
    await tampered.db
      .updateTable('auditLog')
      .set({ action: 'kill_switch.release!' })
      .where('id', '=', second!.id)
      .execute();
    await tampered.close();
    const broken = await verify();
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(`Audit log broken at entry #${second!.id} (2026-11-18T`);
    expect(broken.out).toContain('it was changed after it was written');
  });

  it('refuses with exit code 2 where there is no console database', async () => {
    fs.rmSync(path.join(dir, 'console.db'), { force: true });
    const missing = await verify();
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('No console database in');
  });
});
