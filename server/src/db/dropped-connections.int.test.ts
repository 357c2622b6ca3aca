import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase, dialect } from '../../test/test-app.js';
import { openDatabase, type Database } from './client.js';
import { createPostgresMappingLocks } from './mapping-locks.js';

/*
 * PostgreSQL drops every connection of the console (a restart, a failover, an operator's
 * pg_terminate_backend): an operator saw all three consoles of a cluster exit at once. The console must
 * keep running and use fresh connections, for its queries and for its mapping locks, including a lock
 * connection that drops while its holder is at work.
 */

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: Database;
const warnings: Array<{ purpose?: string }> = [];
const logger = { warn: (obj: { purpose?: string }) => void warnings.push(obj) };

/** Ends every session on the scratch database but the one asking. */
async function dropEveryConnection() {
  const admin = new pg.Client({ connectionString: scratch.url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows[0]?.n ?? 0;
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  if (dialect !== 'postgres') return;
  scratch = await createScratchDatabase('drops');
  database = openDatabase({ url: scratch.url, pgPoolSize: 3, logger });
});
afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

describe.runIf(dialect === 'postgres')('PostgreSQL drops the console’s connections', () => {
  it('idle query and lock connections are replaced; the process keeps running', async () => {
    const one = async () => (await sql<{ n: number }>`select 1 as n`.execute(database.db)).rows[0]?.n;
    await Promise.all([one(), one(), one()]);
    await database.locks.withMappings([1, 2], one);
    expect(await dropEveryConnection()).toBeGreaterThanOrEqual(3);
    await vi.waitFor(() => {
      expect(warnings.map((w) => w.purpose)).toEqual(expect.arrayContaining(['queries', 'mapping locks']));
    });
    // Each of the pool's dropped connections is replaced once its own 'error' is heard: until then a query
    // may still meet one of them (it fails by itself, as an API request would once), never the process.
    await vi.waitFor(async () => expect(await one()).toBe(1));
    await vi.waitFor(async () => expect(await database.locks.withMappings([1, 2], one)).toBe(1));
  });

  it('a lock connection dropped while its holder works: the holder finishes, the next caller gets the lock', async () => {
    warnings.length = 0;
    const result = await database.locks.withMappings([7], async () => {
      await dropEveryConnection();
      await vi.waitFor(() => expect(warnings.map((w) => w.purpose)).toContain('mapping locks'));
      return 'finished';
    });
    expect(result).toBe('finished');
    expect(await database.locks.withMappings([7], () => Promise.resolve('next'))).toBe('next');
  });

  it('a lock connection dropped while it waits: the wait starts again on a fresh one, the caller never hears', async () => {
    // Two consoles: this one holds mapping 11 while the other waits for it.
    const other = createPostgresMappingLocks({ url: scratch.url, logger });
    try {
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const holding = database.locks.withMappings([11], () => held);
      const waiter = other.withMappings([11], () => Promise.resolve('got it')).catch((err: unknown) => err);
      const admin = new pg.Client({ connectionString: scratch.url });
      await admin.connect();
      try {
        const waiting = async () =>
          (
            await admin.query<{ pid: number }>(
              `select pid from pg_locks where locktype = 'advisory' and objid = 11 and objsubid = 2 and not granted`,
            )
          ).rows;
        await vi.waitFor(async () => expect(await waiting()).toHaveLength(1));
        const [{ pid } = { pid: 0 }] = await waiting();
        await admin.query('select pg_terminate_backend($1)', [pid]);
        // The other console waits again, on a fresh connection, and gets the lock once this one lets go.
        await vi.waitFor(async () => {
          const again = await waiting();
          expect(again).toHaveLength(1);
          expect(again[0]?.pid).not.toBe(pid);
        });
      } finally {
        await admin.end();
        release();
      }
      await holding;
      expect(await waiter).toBe('got it');
    } finally {
      await other.close();
    }
  });
});
