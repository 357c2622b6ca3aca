import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listeningConsole, openSocket, type ConsoleSocket, type ListeningConsole } from '../../test/redis-consoles.js';
import { createScratchDatabase, dialect, openTestDatabase } from '../../test/test-app.js';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { manualClock } from './clock.js';
import { SESSION_SWEEP_MS, userRoom } from './realtime.js';
import { createSecretBox } from './secrets.js';

/*
 * Issue 14 item 3 across instances: two consoles on one database and one Redis. A session revoked on one
 * closes its sockets on the other within a second; a third console on another database sharing the Redis
 * keeps its own sockets, even those whose session ids collide.
 */

type Client = ConsoleSocket;
type Instance = ListeningConsole;

const redisUrl = process.env.REDIS_URL;
const clock = manualClock(Date.UTC(2026, 10, 23, 5, 0, 0));
const secrets = createSecretBox(randomBytes(32));
const databases: Array<Awaited<ReturnType<typeof openTestDatabase>>> = [];
const instances: Instance[] = [];
const clients: Client[] = [];
let a: Instance;
let b: Instance;
let elsewhere: Instance;

async function freshDatabase() {
  const database = await openTestDatabase();
  await migrateToLatest(database);
  databases.push(database);
  return database;
}

/**
 * A second database for the console that must stay apart. On PostgreSQL a database of its own: Kysely's
 * migrator looks for its tables in every schema, so a second schema in one database would not migrate.
 */
async function otherDatabase() {
  if (dialect === 'sqlite') return freshDatabase();
  const scratch = await createScratchDatabase('sockets');
  const database = openDatabase({ url: scratch.url, pgPoolSize: 4 });
  await migrateToLatest(database);
  const other = {
    ...database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
  databases.push(other);
  return other;
}

async function instance(database: Awaited<ReturnType<typeof openTestDatabase>>): Promise<Instance> {
  const one = await listeningConsole(database, { redisUrl: redisUrl ?? '', clock, secrets });
  instances.push(one);
  return one;
}

beforeAll(async () => {
  if (!redisUrl) return;
  const shared = await freshDatabase();
  a = await instance(shared);
  b = await instance(shared);
  elsewhere = await instance(await otherDatabase());
});
afterAll(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  for (const i of instances) await i.app.close();
  for (const d of databases) await d.drop();
});

const open = (on: Instance, token: string) => openSocket(on.url, token, clients);

let counter = 0;
async function signUp(on: Instance, role: 'admin' | 'user' = 'user') {
  const username = `redis${++counter}_${randomBytes(3).toString('hex')}`;
  const password = 'Marble-orchid-58';
  const user = await on.modules.users.users.create({ username, password, role });
  const login = async () => {
    const { token } = await on.modules.auth.auth.login({ username, password }, '10.1.1.1');
    return { token, sessionId: (await on.modules.auth.auth.authenticate(token)).sessionId };
  };
  return { id: user.id, login };
}

/** A test_event published on `from` reaches the socket (through Redis when it is on another instance). */
async function stillReceives(socket: Client, from: Instance, userId: number) {
  let got = '';
  socket.once('test_event', (e) => (got = e.message));
  from.realtime.publish([userRoom(userId)], 'test_event', { message: 'still here', sentAt: '' });
  await vi.waitFor(() => expect(got).toBe('still here'), { timeout: 2000, interval: 10 });
  expect(socket.connected).toBe(true);
}

/**
 * Returns just after the instance's session sweep ran (a canary session ended without a broadcast is closed
 * only by it): the next is SESSION_SWEEP_MS away, so a close within a second is the broadcast's doing.
 */
async function afterASweep(on: Instance) {
  const canary = await signUp(on);
  const socket = await open(on, (await canary.login()).token);
  await on.modules.auth.auth.revokeAllFor(canary.id);
  await vi.waitFor(() => expect(socket.connected).toBe(false), { timeout: SESSION_SWEEP_MS + 1000, interval: 5 });
}

async function closedWithinASecond(socket: Client, started: number) {
  const closed = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(Date.now())));
  await vi.waitFor(() => expect(socket.connected).toBe(false), { timeout: 1000, interval: 10 });
  expect((await closed) - started).toBeLessThanOrEqual(1000);
}

describe.runIf(Boolean(redisUrl))('sockets follow sessions across instances (Redis)', () => {
  it('a logout on one instance closes that session’s socket on the other; other consoles keep theirs', async () => {
    const u = await signUp(a);
    const [leaving, staying] = [await u.login(), await u.login()];
    // On the other database, a session with the same id as the one that will log out.
    const stranger = await signUp(elsewhere);
    let twin = await stranger.login();
    while (twin.sessionId < leaving.sessionId) twin = await stranger.login();
    expect(twin.sessionId).toBe(leaving.sessionId);

    const [leavingSocket, stayingSocket, twinSocket] = await Promise.all([
      open(b, leaving.token),
      open(b, staying.token),
      open(elsewhere, twin.token),
    ]);
    await afterASweep(b);
    const started = Date.now();
    const closed = closedWithinASecond(leavingSocket, started);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${leaving.token}` },
    });
    expect(res.statusCode).toBe(200);
    await closed;
    await stillReceives(stayingSocket, a, u.id);
    await stillReceives(twinSocket, elsewhere, stranger.id);
  });

  it('deleting a user on one instance closes their sockets on the other', async () => {
    const admin = await signUp(a, 'admin');
    const u = await signUp(a);
    const adminSession = await admin.login();
    const sockets = await Promise.all([open(b, (await u.login()).token), open(a, (await u.login()).token)]);
    await afterASweep(b);
    const started = Date.now();
    const closed = Promise.all(sockets.map((s) => closedWithinASecond(s, started)));
    const res = await a.app.inject({
      method: 'DELETE',
      url: `/api/users/${u.id}`,
      headers: { authorization: `Bearer ${adminSession.token}` },
    });
    expect(res.statusCode).toBe(200);
    await closed;
  });
});
