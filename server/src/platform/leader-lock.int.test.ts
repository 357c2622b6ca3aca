import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase, dialect } from '../../test/test-app.js';
import { openDatabase } from '../db/client.js';
import { createPostgresLeadership, leaderLockHeld } from './leadership.js';

// /api/health names a leader only while one holds the lock: the name in the settings outlives a killed
// leader, a restored dump, or instances that all run SERVICES=api.
describe.skipIf(dialect !== 'postgres')('whether an instance holds the leader lock', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: ReturnType<typeof openDatabase>;
  beforeAll(async () => {
    // A database of its own: the leader lock is per database, and other tests' consoles may hold theirs.
    scratch = await createScratchDatabase('leader');
    database = openDatabase({ url: scratch.url });
  });
  afterAll(async () => {
    await database.close();
    await scratch.drop();
  });

  it('is held while a leader lives and free once it is gone', async () => {
    expect(await leaderLockHeld(database.db)).toBe(false);
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const leadership = createPostgresLeadership({
      url: scratch.url,
      instance: 'console-1',
      logger: silent as never,
      pollMs: 60_000,
    });
    await leadership.start({ onGain: () => Promise.resolve(), onLose: () => Promise.resolve() });
    expect(leadership.isLeader()).toBe(true);
    expect(await leaderLockHeld(database.db)).toBe(true);
    await leadership.stop();
    expect(await leaderLockHeld(database.db)).toBe(false);
  });

  it('is not fooled by another advisory lock on the same database', async () => {
    const other = new pg.Client({ connectionString: scratch.url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock(1, 2)');
      expect(await leaderLockHeld(database.db)).toBe(false);
    } finally {
      await other.end();
    }
  });
});

const leadershipModule = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/platform/leadership.js',
);

// A leader that freezes (SIGSTOP, a stalled VM) or is cut off keeps its connection open, and with it its
// lock: an operator saw a stopped leader keep leadership for as long as it stayed stopped, no candle traded.
describe.skipIf(dialect !== 'postgres')('a leader that falls silent', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    scratch = await createScratchDatabase('frozen');
  });
  afterAll(async () => {
    await scratch.drop();
  });

  it('is replaced by a standby within its silence window, and steps down once it wakes', async () => {
    // The leader in a process of its own, so that it can be frozen.
    const script = `
      const { createPostgresLeadership } = await import(${JSON.stringify(leadershipModule)});
      const say = (line) => () => { console.log(line); return Promise.resolve(); };
      const log = { info: () => {}, warn: () => {}, error: () => {} };
      await createPostgresLeadership({ url: process.env.URL, instance: 'frozen', logger: log, pollMs: 200, silenceMs: 1000 })
        .start({ onGain: say('gained'), onLose: say('lost') });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, URL: scratch.url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let said = '';
    child.stdout.on('data', (d: Buffer) => (said += d.toString()));
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const standby = createPostgresLeadership({ url: scratch.url, instance: 'standby', logger: silent, pollMs: 200 });
    try {
      await vi.waitFor(() => expect(said).toContain('gained'), { timeout: 10_000 });
      await standby.start({ onGain: () => Promise.resolve(), onLose: () => Promise.resolve() });
      expect(standby.isLeader()).toBe(false);

      child.kill('SIGSTOP');
      await vi.waitFor(() => expect(standby.isLeader()).toBe(true), { timeout: 10_000, interval: 100 });
      child.kill('SIGCONT');
      await vi.waitFor(() => expect(said).toContain('lost'), { timeout: 10_000 });
      expect(standby.isLeader()).toBe(true);
    } finally {
      child.kill('SIGKILL');
      await standby.stop();
    }
  });
});
