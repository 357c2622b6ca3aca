import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callConsole,
  ChildServer,
  chooseOwnPasswordAt,
  freePort,
  sandboxConsoleEnv,
  signInAt,
} from '../test/child-server.js';
import { createScratchDatabase, dialect } from '../test/test-app.js';
import { openDatabase, type Database } from './db/client.js';
import { createSandboxExchange, type SandboxExchange } from './sandbox/sandbox-exchange.js';

/**
 * Kite takes 10 order requests a second from an account and refuses the rest with 429. Two real consoles
 * on one PostgreSQL entering eight live strategies of one account at once (16 orders, half through each)
 * keep to that rate together: each alone would have let its 8 go at once and the broker refused 6.
 */
const run = dialect === 'postgres';
const ADMIN = { username: 'admin', password: 'order-rate-admin-pw' };
const ACCOUNT = 'OR1234';

let sandbox: SandboxExchange;
let database: Database;
let dropDatabase = async () => {};
const consoles: ChildServer[] = [];
const dirs: string[] = [];

const api = callConsole;
const login = signInAt;

beforeAll(async () => {
  if (!run) return;
  sandbox = await createSandboxExchange({ seed: 'order-rate' });
  const scratch = await createScratchDatabase('order_rate');
  dropDatabase = () => scratch.drop();
  for (const name of ['a', 'b']) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `order-rate-${name}-`));
    dirs.push(dir);
    consoles.push(
      new ChildServer(await freePort(), {
        DATA_DIR: dir,
        DATABASE_URL: scratch.url,
        SECRET_KEY: 'order-rate-test-secret-key-of-both',
        INSTANCE_NAME: name,
        ...sandboxConsoleEnv(sandbox.urls, ADMIN),
      }),
    );
  }
  for (const c of consoles) await c.start();
  database = openDatabase({ url: scratch.url, pgPoolSize: 2 });
}, 120_000);

afterAll(async () => {
  if (!run) return;
  await Promise.all(consoles.map((c) => c.stop()));
  await database?.close();
  await sandbox?.close();
  await dropDatabase();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!run)("one account's orders from two consoles", () => {
  it('keep to Kite’s 10 a second together: every entry fills, none is refused for the rate', async () => {
    const [a, b] = consoles as [ChildServer, ChildServer];
    const adminToken = await login(a, ADMIN.username, ADMIN.password);
    await api(a, adminToken, 'POST', '/users', { username: 'trader', password: 'trader-from-admin', role: 'user' });
    const token = await chooseOwnPasswordAt(a, 'trader', 'trader-from-admin', 'trader-password');
    const instruments = (await api<Array<{ id: number; name: string }>>(a, token, 'GET', '/instruments/list')).data;
    const index = instruments.find((i) => i.name === 'SANDBOX 24x7');
    if (!index) throw new Error('SANDBOX 24x7 missing');
    const brokerToken = sandbox.control.issueKiteAccessToken(ACCOUNT);
    const broker = (
      await api<{ id: number }>(a, token, 'POST', '/brokers/user-brokers', {
        broker_id: 1,
        broker_username: ACCOUNT,
        broker_token: brokerToken,
      })
    ).data;
    // Eight live strategies, flat and running: a realign enters each with a CE and a PE order.
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const m = (
        await api<{ id: number }>(a, token, 'POST', '/strategies/user-mappings', {
          strategy_id: 1,
          instrument_id: index.id,
          user_broker_id: broker.id,
          is_dummy: 0,
          ce_count: 1,
          // Each its own: the same form sent twice within moments is taken as one (a double submit).
          pe_count: 1 + i,
        })
      ).data;
      await api(a, token, 'POST', `/strategies/user-mappings/${m.id}/rdx-config`, { rdx_lot_count: 1, interval: '1h' });
      expect(
        (await api(a, token, 'PUT', `/strategies/user-mappings/${m.id}/toggle-status`, { running_status: 1 })).status,
      ).toBe(200);
      ids.push(m.id);
    }

    const answers = await Promise.all(
      ids.map((id, i) => api(i % 2 === 0 ? a : b, token, 'POST', `/strategies/user-mappings/${id}/realign`)),
    );
    expect(answers.map((r) => `${r.status} ${r.error ?? ''}`.trim())).toEqual(ids.map(() => '200'));

    const res = await fetch(`${sandbox.urls.kiteApi}/orders`, {
      headers: { 'X-Kite-Version': '3', Authorization: `token sandbox_api_key:${brokerToken}` },
    });
    const atBroker = ((await res.json()) as { data: Array<{ status: string }> }).data;
    expect(atBroker.map((o) => o.status)).toEqual(Array.from({ length: 16 }, () => 'COMPLETE'));
    const ours = await database.db.selectFrom('brokerOrders').select('status').execute();
    expect(ours.map((o) => o.status)).toEqual(Array.from({ length: 16 }, () => 'filled'));
  }, 60_000);
});
