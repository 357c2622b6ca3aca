import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { openTestDatabase } from '../../../test/test-app.js';
import { createDbLoginFailures, createRedisLoginFailures } from './login-failures.repository.js';
import type { LoginFailureStore } from './login-failures.types.js';

const WINDOW = 60_000;
const quiet = { warn: () => undefined, info: () => undefined };
const stores: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

/** Two instances of the console are two stores over the same backing service. */
async function twoInstances(kind: 'db' | 'redis'): Promise<[LoginFailureStore, LoginFailureStore]> {
  if (kind === 'redis') {
    const url = process.env.REDIS_URL ?? '';
    const namespace = `test-${randomBytes(4).toString('hex')}`;
    const database = await openTestDatabase();
    await migrateToLatest(database);
    stores.push({ close: () => database.drop() });
    const fallback = createDbLoginFailures(database.db, WINDOW);
    const pair: [LoginFailureStore & { inRedis(): boolean }, LoginFailureStore & { inRedis(): boolean }] = [
      createRedisLoginFailures(url, WINDOW, namespace, fallback, quiet),
      createRedisLoginFailures(url, WINDOW, namespace, fallback, quiet),
    ];
    // Counted in Redis, not in the fallback: both are connected before the test begins.
    await vi.waitFor(() => expect(pair.every((store) => store.inRedis())).toBe(true), { timeout: 5000 });
    stores.push(...pair);
    return pair;
  }
  const database = await openTestDatabase();
  await migrateToLatest(database);
  stores.push({ close: () => database.drop() });
  return [createDbLoginFailures(database.db, WINDOW), createDbLoginFailures(database.db, WINDOW)];
}

const backends: Array<[string, 'db' | 'redis']> = [['the database', 'db']];
if (process.env.REDIS_URL) backends.push(['Redis', 'redis']);

describe.each(backends)('failed logins counted in %s', (_name, kind) => {
  it('are seen by every instance, age out of the window and clear on success', async () => {
    const [a, b] = await twoInstances(kind);
    const key = `user:someone-${randomBytes(4).toString('hex')}`;
    await a.record(key, 1000);
    await b.record(key, 2000);
    await a.record(key, 3000);
    expect((await b.since(key, 0)).sort()).toEqual([1000, 2000, 3000]);
    expect(await a.since(key, 1500)).toEqual(expect.arrayContaining([2000, 3000]));
    await b.record(key, 1000 + WINDOW + 10);
    expect((await a.since(key, 10 + WINDOW)).sort()).toEqual([1000 + WINDOW + 10]);
    await a.clear(key);
    expect(await b.since(key, 0)).toEqual([]);
  });
});

describe.each(backends)('failed logins of many keys, counted in %s', (_name, kind) => {
  it('are read at once, each key with its own times, a weighted failure counted as many', async () => {
    const [a, b] = await twoInstances(kind);
    const tag = randomBytes(4).toString('hex');
    const [one, two, none] = [`user:one-${tag}`, `addr:two-${tag}`, `user:none-${tag}`];
    await a.record(one, 1000);
    await b.record(two, 2000, 4);
    await a.record(one, 500);
    const found = await b.sinceMany([one, two, none], 0);
    expect([...found.keys()].sort()).toEqual([two, one].sort());
    expect(found.get(one)?.sort((x, y) => x - y)).toEqual([500, 1000]);
    expect(found.get(two)).toEqual([2000, 2000, 2000, 2000]);
    expect((await a.sinceMany([one], 600)).get(one)).toEqual([1000]);
    expect((await a.sinceMany([], 0)).size).toBe(0);
  });
});

describe('failed logins while Redis is away', () => {
  it('are counted in the database, seen by an instance without Redis, and the store keeps running', async () => {
    const database = await openTestDatabase();
    await migrateToLatest(database);
    stores.push({ close: () => database.drop() });
    const warnings: string[] = [];
    const logger = { warn: (_: object, msg: string) => void warnings.push(msg), info: () => undefined };
    // Port 1 refuses every connection: Redis is down for the whole test.
    const fallback = createDbLoginFailures(database.db, WINDOW);
    const withoutRedis = createRedisLoginFailures('redis://127.0.0.1:1', WINDOW, 'down', fallback, logger);
    stores.push(withoutRedis);
    const other = createDbLoginFailures(database.db, WINDOW);
    const key = `user:someone-${randomBytes(4).toString('hex')}`;
    await withoutRedis.record(key, 1000);
    await other.record(key, 2000);
    expect(withoutRedis.inRedis()).toBe(false);
    expect((await withoutRedis.since(key, 0)).sort()).toEqual([1000, 2000]);
    await vi.waitFor(() => expect(warnings).toContain('Redis unreachable; retrying'));
    await withoutRedis.clear(key);
    expect(await other.since(key, 0)).toEqual([]);
  });
});
