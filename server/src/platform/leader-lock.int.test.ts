import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
