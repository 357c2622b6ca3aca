import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ChildServer, freePort } from '../test/child-server.js';

/*
 * Issue 27: DATA_DIR holds password hashes, sealed broker tokens, webhook URLs and the trade book (the SQLite
 * database and its -wal and -shm), the key that opens the tokens, the sandbox's sessions and the backups. No
 * other local user may read any of it: the folder is 0700 and every file 0600, on a first start and on a
 * start over a folder an earlier version left readable (0755 and 0644).
 */

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe.skipIf(process.env.TEST_DB_DIALECT === 'postgres')('the data directory', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rdx-data-dir-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  /** A console serving from `dataDir` (the in-process sandbox, so it writes its state file too). */
  const consoleOn = async (dataDir: string) =>
    new ChildServer(await freePort(), {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SECRET_KEY: '',
      ADMIN_PASSWORD: 'data-dir-password',
      SEED_DEMO: '0',
    });

  /** Every path the console wrote in `dataDir` with its mode, folders included. */
  function modes(dataDir: string): Record<string, string> {
    const found: Record<string, string> = { '.': modeOf(dataDir).toString(8) };
    for (const name of fs.readdirSync(dataDir, { recursive: true }) as string[]) {
      found[name] = modeOf(path.join(dataDir, name)).toString(8);
    }
    return found;
  }

  it('is readable by its owner only, from the first start, and is made so over an old readable one', async () => {
    const dataDir = path.join(root, 'data');
    const server = await consoleOn(dataDir);
    await server.start();
    // While it runs: the database with its -wal and -shm and the key. The sandbox's sessions file appears only
    // once market data has logged in there, which depends on the day and hour (not on a weekend in IST), so
    // it is held to the same rule as every other file below whenever it is there, not waited for.
    await vi.waitFor(() => expect(fs.existsSync(path.join(dataDir, 'console.db-wal'))).toBe(true), {
      timeout: 30_000,
    });
    const running = modes(dataDir);
    await server.stop();
    expect(running).toMatchObject({
      '.': '700',
      'console.db': '600',
      'console.db-wal': '600',
      'console.db-shm': '600',
      'secret.key': '600',
    });
    expect(Object.entries(running).filter(([, m]) => m !== '700' && m !== '600')).toEqual([]);
    const stopped = modes(dataDir);
    expect(Object.entries(stopped).filter(([, m]) => m !== '700' && m !== '600')).toEqual([]);

    // As an earlier version left it: everything readable by everyone, a backup too.
    fs.mkdirSync(path.join(dataDir, 'backups'), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'backups', 'old.sqlite'), 'a backup');
    for (const name of fs.readdirSync(dataDir, { recursive: true }) as string[]) {
      const file = path.join(dataDir, name);
      fs.chmodSync(file, fs.statSync(file).isDirectory() ? 0o755 : 0o644);
    }
    fs.chmodSync(dataDir, 0o755);

    const again = await consoleOn(dataDir);
    await again.start();
    const tightened = modes(dataDir);
    await again.stop();
    expect(tightened).toMatchObject({ '.': '700', backups: '700', 'backups/old.sqlite': '600' });
    expect(Object.entries(tightened).filter(([, m]) => m !== '700' && m !== '600')).toEqual([]);
  }, 120_000);
});
