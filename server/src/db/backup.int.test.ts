import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { ChildServer, chooseOwnPasswordAt, freePort } from '../../test/child-server.js';
import { createScratchDatabase } from '../../test/test-app.js';
import { openDatabase, type Database } from './client.js';
import { migrateToLatest } from './migrate.js';
import { seedReferenceData } from './seed.js';

/*
 * Issue 14: `npm run db:backup` copies the database of a running console, `npm run db:restore` makes the copy
 * the database of a new data directory, and a console started there finds every row.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

/** A CLI from server/dist/db as npm runs it, with its own environment. */
function cli(name: 'backup-cli' | 'restore-cli', args: string[], env: Record<string, string>) {
  return run(process.execPath, [path.join(repoRoot, `server/dist/db/${name}.js`), ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
}

/** Every row of every table, as sorted JSON lines per table. */
function dump(file: string): Record<string, string[]> {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`)
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((t) => [
        t,
        db
          .prepare(`select * from "${t}"`)
          .all()
          .map((r) => JSON.stringify(r))
          .sort(),
      ]),
    );
  } finally {
    db.close();
  }
}

describe.skipIf(process.env.TEST_DB_DIALECT === 'postgres')('db:backup and db:restore', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rdx-backup-'));
  const liveDir = path.join(root, 'live');
  const restoredDir = path.join(root, 'restored');
  const secretKey = randomBytes(16).toString('hex');
  const adminPassword = `admin-${randomBytes(8).toString('hex')}`;
  const traderPassword = `trader-${randomBytes(8).toString('hex')}`;
  // Only the HTTP API: no worker writes on its own, so the quiet copy must equal the live file row for row.
  const consoleEnv = (dataDir: string) => ({
    DATA_DIR: dataDir,
    SECRET_KEY: secretKey,
    ADMIN_PASSWORD: adminPassword,
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED_DEMO: '0',
    SERVICES: 'api',
  });
  const servers: ChildServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function startConsole(dataDir: string) {
    const server = new ChildServer(await freePort(), consoleEnv(dataDir));
    servers.push(server);
    await server.start();
    const call = async (method: string, url: string, body?: unknown, token?: string) => {
      const res = await fetch(`${server.url}/api${url}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as { data: unknown };
      if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
      return json.data as Record<string, unknown> & unknown[];
    };
    const login = async (username: string, password: string) =>
      (await call('POST', '/auth/login', { username, password })).token as string;
    return { server, call, login };
  }

  it('backs up a running console, restores into a new data directory, and finds every row', async () => {
    const live = await startConsole(liveDir);
    const admin = await live.login('admin', adminPassword);
    await live.call(
      'POST',
      '/users',
      { username: 'trader', password: `${traderPassword}-from-admin`, role: 'user' },
      admin,
    );
    const trader = await chooseOwnPasswordAt(live.server, 'trader', `${traderPassword}-from-admin`, traderPassword);
    const brokers = await live.call('GET', '/brokers/list', undefined, trader);
    const account = await live.call(
      'POST',
      '/brokers/user-brokers',
      { broker_id: (brokers[0] as { id: number }).id, broker_username: 'AB1234', broker_token: 'kite-token-1' },
      trader,
    );
    await live.call(
      'PUT',
      '/alerts/channels',
      { telegram_bot_token: `123456789:${'a'.repeat(30)}`, telegram_chat_id: '42' },
      trader,
    );

    // A quiet console: the copy equals the live file, every table, every row.
    const quietFile = path.join(root, 'quiet.sqlite');
    const backedUp = await cli('backup-cli', [quietFile], { DATA_DIR: liveDir });
    expect(backedUp.stdout).toContain(`to ${quietFile}`);
    expect(backedUp.stdout).toMatch(/\d+ tables, \d+ rows, integrity ok/);
    expect(fs.existsSync(`${quietFile}-wal`)).toBe(false);
    const liveRows = dump(path.join(liveDir, 'console.db'));
    expect(dump(quietFile)).toEqual(liveRows);
    expect(liveRows.users).toHaveLength(2);
    expect(liveRows.user_brokers).toHaveLength(1);
    expect(liveRows.alert_channels).toHaveLength(1);

    // A busy console: users keep being created while the backup runs. The copy is one consistent moment:
    // sound, holding everything made before it started, and each user as the live database has it.
    let writing = true;
    let made = 0;
    const writer = (async () => {
      while (writing) {
        made++;
        await live.call('POST', '/users', { username: `busy${made}`, password: traderPassword, role: 'user' }, admin);
      }
    })();
    while (made < 3) await new Promise((r) => setTimeout(r, 20));
    const usersBefore = made - 1; // the one in flight may land either side of the copy
    const busyFile = path.join(root, 'busy.sqlite');
    await cli('backup-cli', [], { DATA_DIR: liveDir, BACKUP_FILE: busyFile });
    writing = false;
    await writer;
    const busy = dump(busyFile);
    const liveNow = dump(path.join(liveDir, 'console.db'));
    expect(busy.users?.length).toBeGreaterThanOrEqual(2 + usersBefore);
    for (const row of busy.users ?? []) expect(liveNow.users).toContain(row);
    expect(busy.user_brokers).toEqual(liveRows.user_brokers);

    // Restore the quiet copy into a new data directory; a second restore there is refused without --force.
    const restored = await cli('restore-cli', [quietFile], { DATA_DIR: restoredDir });
    expect(restored.stdout).toContain(`Restored ${quietFile}`);
    await expect(cli('restore-cli', [busyFile], { DATA_DIR: restoredDir })).rejects.toMatchObject({
      stderr: expect.stringContaining('exists already') as unknown,
    });
    expect(dump(path.join(restoredDir, 'console.db'))).toEqual(liveRows);
    // Backup and restored database alike are their owner's only (issue 27), in a folder only they can open.
    expect(fs.statSync(quietFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(restoredDir, 'console.db')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(restoredDir).mode & 0o777).toBe(0o700);

    // A console on the restored directory: the same users, passwords, broker account (token still opens
    // with the same SECRET_KEY) and alert channels.
    const again = await startConsole(restoredDir);
    const trader2 = await again.login('trader', traderPassword);
    const accounts = await again.call('GET', '/brokers/user-brokers', undefined, trader2);
    expect(accounts).toEqual([expect.objectContaining({ id: account.id, broker_username: 'AB1234', has_token: true })]);
    const channels = await again.call('GET', '/alerts/channels', undefined, trader2);
    expect(channels).toMatchObject({ has_telegram_bot_token: true, telegram_chat_id: '42' });
    const admin2 = await again.login('admin', adminPassword);
    const users = await again.call('GET', '/users', undefined, admin2);
    expect((users as Array<{ username: string }>).map((u) => u.username).sort()).toEqual(['admin', 'trader']);
    await again.server.stop();

    // --force replaces a stopped console's database with another backup.
    const forced = await cli('restore-cli', [busyFile, '--force'], { DATA_DIR: restoredDir });
    expect(forced.stdout).toContain('integrity ok');
    expect(dump(path.join(restoredDir, 'console.db')).users).toEqual(busy.users);
  }, 180_000);

  it('refuses a file that is not a console backup', async () => {
    const junk = path.join(root, 'junk.sqlite');
    fs.writeFileSync(junk, 'not a database');
    await expect(cli('restore-cli', [junk], { DATA_DIR: path.join(root, 'junk-dir') })).rejects.toMatchObject({
      stderr: expect.stringContaining('Restore failed') as unknown,
    });
    expect(fs.existsSync(path.join(root, 'junk-dir', 'console.db'))).toBe(false);
  });
});

describe.skipIf(process.env.TEST_DB_DIALECT !== 'postgres' || spawnSync('pg_dump', ['--version']).error)(
  'db:backup on PostgreSQL',
  () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdx-pg-backup-'));
    const drops: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const drop of drops) await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('runs pg_dump, and pg_restore of the dump into a new database finds every row', async () => {
      const source = await createScratchDatabase('bk_src');
      const target = await createScratchDatabase('bk_dst');
      drops.push(source.drop, target.drop);
      const database = openDatabase({ url: source.url });
      await migrateToLatest(database);
      await seedReferenceData(database.db, Date.now(), []);
      await database.db
        .insertInto('users')
        .values({ username: 'asha', passwordHash: 'x', role: 'user', createdAt: 1, updatedAt: 1 })
        .execute();
      const counts = async (db: Database) =>
        Object.fromEntries(
          await Promise.all(
            ['users', 'brokers', 'kysely_migration'].map(async (t) => {
              const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(db.db);
              return [t, r.rows[0]?.n];
            }),
          ),
        );
      const before = await counts(database);
      await database.close();

      const file = path.join(dir, 'console.dump');
      const out = await cli('backup-cli', [file], { DATABASE_URL: source.url, DATA_DIR: dir });
      expect(out.stdout).toContain(`wrote ${file}`);
      expect(fs.statSync(file).mode & 0o077).toBe(0);
      await run('pg_restore', ['--no-owner', `--dbname=${target.url}`, file]);
      const restored = openDatabase({ url: target.url });
      try {
        expect(await counts(restored)).toEqual(before);
        expect(before.users).toBe(1);
        // The restored database still refuses a fill naming no user (the per-statement checks came back too).
        await expect(
          sql`insert into transactions (user_id, transaction_date, trading_symbol, quantity, price_paise, is_dummy)
            values (999999, 1, 'NIFTY26DEC24500CE', -65, 100, 1)`.execute(restored.db),
        ).rejects.toMatchObject({ code: '23503' });
      } finally {
        await restored.close();
      }
    }, 60_000);
  },
);
