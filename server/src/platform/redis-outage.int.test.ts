import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cuttableProxy } from '../../test/cuttable-proxy.js';
import { listeningConsole, openSocket, type ConsoleSocket, type ListeningConsole } from '../../test/redis-consoles.js';
import { openTestDatabase } from '../../test/test-app.js';
import { migrateToLatest } from '../db/migrate.js';
import { manualClock } from './clock.js';
import { userRoom } from './realtime.js';
import { createSecretBox } from './secrets.js';

/*
 * Redis drops under two consoles (issue 10; an operator found both processes gone after a Redis restart).
 * Console `a` reaches Redis through a proxy the test cuts; `b` reaches it directly. While Redis is away
 * `a` keeps serving, its own sockets still get its events and failed logins are still counted (in the
 * database); once Redis is back, events cross between the instances again by themselves.
 */

type Client = ConsoleSocket;
type Instance = ListeningConsole;

const redisUrl = process.env.REDIS_URL;
const clock = manualClock(Date.UTC(2026, 10, 23, 5, 0, 0));
const secrets = createSecretBox(randomBytes(32));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
let a: Instance;
let b: Instance;
let throughProxy: URL;
const later: Instance[] = [];
const clients: Client[] = [];
/** `a`'s log lines, as an operator would read them. */
const logOfA: string[] = [];

beforeAll(async () => {
  if (!redisUrl) return;
  database = await openTestDatabase();
  await migrateToLatest(database);
  const target = new URL(redisUrl);
  proxy = await cuttableProxy({ host: target.hostname, port: Number(target.port || 6379) });
  throughProxy = new URL(redisUrl);
  throughProxy.hostname = '127.0.0.1';
  throughProxy.port = String(proxy.port);
  const logger = pino({ level: 'info' }, { write: (line: string) => void logOfA.push(line) });
  a = await listeningConsole(database, { redisUrl: throughProxy.toString(), clock, secrets, logger });
  b = await listeningConsole(database, { redisUrl, clock, secrets });
});
afterAll(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await a?.app.close();
  await b?.app.close();
  for (const c of later) await c.app.close();
  await proxy?.close();
  await database?.drop();
});

const open = (on: Instance, token: string) => openSocket(on.url, token, clients);

/** Publishes on `from` until the socket receives it (a message sent while Redis reconnects is lost). */
async function reaches(socket: Client, from: Instance, userId: number, message: string) {
  const got: string[] = [];
  const listener = (e: { message: string }) => void got.push(e.message);
  socket.on('test_event', listener);
  try {
    await vi.waitFor(
      () => {
        if (!got.includes(message)) from.realtime.publish([userRoom(userId)], 'test_event', { message, sentAt: '' });
        expect(got).toContain(message);
      },
      { timeout: 10_000, interval: 100 },
    );
  } finally {
    socket.off('test_event', listener);
  }
}

const login = (on: Instance, username: string, password: string) =>
  on.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

describe.runIf(Boolean(redisUrl))('a console whose Redis drops', () => {
  it('keeps serving, counts failed logins, and shares events again once Redis is back', async () => {
    const username = `outage_${randomBytes(3).toString('hex')}`;
    const password = 'Marble-orchid-58';
    const user = await a.modules.users.users.create({ username, password, role: 'user' });
    const { token } = await a.modules.auth.auth.login({ username, password }, '10.1.1.1');
    const [onA, onB] = await Promise.all([open(a, token), open(b, token)]);
    await reaches(onA, b, user.id, 'before');

    proxy.cut();
    await vi.waitFor(() => expect(logOfA.join('')).toContain('Redis unreachable; retrying'), { timeout: 10_000 });
    // Still serving, and its own sockets still get what it publishes.
    expect((await a.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await reaches(onA, a, user.id, 'during');
    // Five wrong passwords are answered at once and counted (in the database), so a sixth is refused.
    for (let i = 0; i < 5; i++) expect((await login(a, username, 'wrong-password-1')).statusCode).toBe(401);
    const refused = await login(a, username, 'wrong-password-1');
    expect(refused.statusCode).toBe(429);
    // The other console, still on Redis, knows nothing of those five: its count starts over.
    expect((await login(b, username, 'wrong-password-1')).statusCode).toBe(401);

    proxy.restore();
    await vi.waitFor(() => expect(logOfA.join('')).toContain('Redis reachable again'), { timeout: 15_000 });
    await reaches(onA, b, user.id, 'after, from b');
    await reaches(onB, a, user.id, 'after, from a');
    expect(onA.connected && onB.connected).toBe(true);
  });

  it('started while Redis is away, it shares events once Redis is back', async () => {
    const username = `late_${randomBytes(3).toString('hex')}`;
    const user = await b.modules.users.users.create({ username, password: 'Marble-orchid-58', role: 'user' });
    const { token } = await b.modules.auth.auth.login({ username, password: 'Marble-orchid-58' }, '10.1.1.2');
    proxy.cut();
    const logOfC: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void logOfC.push(line) });
    // Waits 5 s for Redis, then starts without it.
    const c = await listeningConsole(database, { redisUrl: throughProxy.toString(), clock, secrets, logger });
    later.push(c);
    expect(logOfC.join('')).toContain('starting without Redis');
    const [onC, onB] = await Promise.all([open(c, token), open(b, token)]);
    await reaches(onC, c, user.id, 'alone');

    const dropped = new Promise<string>((resolve) => onC.once('disconnect', resolve));
    proxy.restore();
    await vi.waitFor(() => expect(logOfC.join('')).toContain('events shared through Redis from now on'), {
      timeout: 15_000,
    });
    // Its socket from before is sent to reconnect (a browser does so by itself), and then hears the other
    // console, as the other console hears it.
    expect(await dropped).toBe('transport close');
    const again = await open(c, token);
    await reaches(again, b, user.id, 'from b, to the late console');
    await reaches(onB, c, user.id, 'from the late console, to b');
  }, 30_000);
});
