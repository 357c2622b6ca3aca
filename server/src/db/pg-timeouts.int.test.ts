import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { sql, type Migration } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dialect } from '../../test/test-app.js';
import { openDatabase, type Database } from './client.js';
import { migrateToLatest } from './migrate.js';

const url = process.env.TEST_DATABASE_URL ?? '';

/** Runs one statement on a connection of its own (schema bookkeeping outside the pool under test). */
async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const showStatementTimeout = async (database: Database) =>
  (await sql<{ statementTimeout: string }>`show statement_timeout`.execute(database.db)).rows[0]?.statementTimeout;

describe.skipIf(dialect !== 'postgres')('PostgreSQL statement timeout', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const opened: Database[] = [];
  const open = (options: { pgStatementTimeoutMs?: number } = {}) => {
    // One connection: whatever a migration set on it is what the next query meets.
    const database = openDatabase({ url, pgSchema: schema, pgPoolSize: 1, ...options });
    opened.push(database);
    return database;
  };
  beforeAll(() => admin(`create schema ${schema}`));
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
  });
  afterAll(() => admin(`drop schema ${schema} cascade`));

  it('applies 30 seconds unless configured', async () => {
    expect(await showStatementTimeout(open())).toBe('30s');
  });

  it('cancels a statement running past the configured limit with an error that says so', async () => {
    const database = open({ pgStatementTimeoutMs: 200 });
    expect(await showStatementTimeout(database)).toBe('200ms');
    await expect(sql`select pg_sleep(5)`.execute(database.db)).rejects.toMatchObject({
      code: '57014',
      message: expect.stringMatching(/statement timeout/) as unknown,
    });
    // The connection is still good for the next request.
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
  });

  it('lets a migration run longer than the limit, and puts the limit back on that connection', async () => {
    const database = open({ pgStatementTimeoutMs: 200 });
    const slow: Record<string, Migration> = {
      '000001_slow_backfill': {
        up: async (db) => {
          await sql`select pg_sleep(0.6)`.execute(db);
        },
      },
    };
    expect(await migrateToLatest(database, undefined, slow)).toEqual(['000001_slow_backfill']);
    expect(await showStatementTimeout(database)).toBe('200ms');
    await expect(sql`select pg_sleep(5)`.execute(database.db)).rejects.toMatchObject({ code: '57014' });
  });
});

describe('PostgreSQL connect timeout', () => {
  // Accepts the TCP connection and never answers: a database host that hangs.
  const silent = net.createServer(() => undefined);
  const sockets = new Set<net.Socket>();
  silent.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  beforeAll(() => new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve)));
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('fails a query whose connection does not open within the configured time, instead of hanging', async () => {
    const { port } = silent.address() as net.AddressInfo;
    const database = openDatabase({ url: `postgres://nobody@127.0.0.1:${port}/none`, pgConnectTimeoutMs: 200 });
    try {
      await expect(sql`select 1`.execute(database.db)).rejects.toThrow(/timeout/i);
    } finally {
      await database.close();
    }
  });
});
