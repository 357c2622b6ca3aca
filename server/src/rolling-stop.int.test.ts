import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChildServer, chooseOwnPasswordAt, freePort } from '../test/child-server.js';
import { createScratchDatabase, dialect } from '../test/test-app.js';

/**
 * Consoles started together, then a step of a rolling upgrade (docs/DEPLOY.md): one of two real consoles on one PostgreSQL and Redis is
 * stopped with SIGTERM while browsers are connected to both. An operator saw such a stop take the full
 * 10 s and exit 1 whenever a socket was connected, and tell every browser of every instance to go away
 * for good ("io server disconnect"), so live updates stopped silently everywhere.
 */
const run = dialect === 'postgres' && Boolean(process.env.REDIS_URL);
const ADMIN = { username: 'admin', password: 'rolling-admin-pw' };

let dropDatabase = async () => {};
const servers: ChildServer[] = [];
const dirs: string[] = [];
const sockets: Socket[] = [];

function consoleServer(name: string, port: number, dbUrl: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rolling-${name}-`));
  dirs.push(dir);
  return new ChildServer(port, {
    DATA_DIR: dir,
    DATABASE_URL: dbUrl,
    REDIS_URL: process.env.REDIS_URL ?? '',
    SECRET_KEY: 'rolling-test-secret-key-shared-by-both',
    INSTANCE_NAME: name,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: '0',
    MARKET_MODE: 'sandbox',
  });
}

beforeAll(async () => {
  if (!run) return;
  const scratch = await createScratchDatabase('rolling');
  dropDatabase = () => scratch.drop();
  for (const name of ['one', 'two', 'three']) servers.push(consoleServer(name, await freePort(), scratch.url));
  // All at once on the empty database, as a process manager starts them: they take turns to migrate, seed
  // and create the admin (an operator saw two of three exit on a duplicate reference row).
  await Promise.all(servers.map((s) => s.start()));
}, 120_000);

afterAll(async () => {
  if (!run) return;
  for (const s of sockets) s.disconnect();
  await Promise.all(servers.map((s) => s.stop()));
  await dropDatabase();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function post<T>(server: ChildServer, url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${server.url}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** A browser's socket, as the web app opens it (reconnecting by itself after a lost connection). */
function browserSocket(server: ChildServer, token: string): Promise<Socket> {
  const socket = connect(server.url, { auth: { token }, transports: ['websocket'] });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe.runIf(run)('consoles started together on an empty database', () => {
  it('all start, with one admin and each reference row once', async () => {
    const health = await Promise.all(servers.map(async (s) => (await fetch(`${s.url}/api/health`)).status));
    expect(health).toEqual([200, 200, 200]);
    const admin = await post<{ token: string }>(servers[2] as ChildServer, '/auth/login', ADMIN);
    const res = await fetch(`${(servers[2] as ChildServer).url}/api/instruments/list`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const instruments = ((await res.json()) as { data: Array<{ id: number; name: string }> }).data;
    expect(instruments.map((i) => i.name)).toEqual(['NIFTY 50', 'NIFTY BANK', 'BTCUSDT', 'SANDBOX 24x7']);
    expect(instruments[0]?.id).toBe(1);
    await (servers[2] as ChildServer).stop();
  });
});

describe.runIf(run)('stopping one console of two', () => {
  it('exits cleanly at once, and only its own browsers lose their connection, free to come back', async () => {
    const [one, two] = servers as [ChildServer, ChildServer];
    const admin = await post<{ token: string }>(one, '/auth/login', ADMIN);
    await post(one, '/users', { username: 'trader', password: 'trader-from-admin', role: 'user' }, admin.token);
    await chooseOwnPasswordAt(one, 'trader', 'trader-from-admin', 'trader-password');
    const { token } = await post<{ token: string }>(two, '/auth/login', {
      username: 'trader',
      password: 'trader-password',
    });
    const [onOne, onTwo] = await Promise.all([browserSocket(one, token), browserSocket(two, token)]);
    const reasons: Record<string, string[]> = { one: [], two: [] };
    onOne.on('disconnect', (reason) => reasons.one?.push(reason));
    onTwo.on('disconnect', (reason) => reasons.two?.push(reason));

    // The forced exit after 10 s is code 1: code 0 means the stop finished by itself.
    expect(await one.stop()).toBe(0);
    // Closed as a dropped connection, which the browser retries (through the proxy, to the survivor).
    expect(reasons.one).toEqual(['transport close']);
    // The other console's browser never noticed; it still hears its instance.
    const health = await fetch(`${two.url}/api/health`);
    expect(health.status).toBe(200);
    expect(reasons.two).toEqual([]);
    expect(onTwo.connected).toBe(true);
  });
});
