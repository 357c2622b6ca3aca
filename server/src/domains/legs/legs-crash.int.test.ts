import type { LegsConfigInput, Mapping } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callConsole, ChildServer, chooseOwnPasswordAt, signInAt } from '../../../test/child-server.js';
import { killableConsole } from '../../../test/console-process.js';
import { legsMemoOf } from '../../../test/legs-steps.js';
import type { Database } from '../../db/client.js';
import type { SandboxExchange } from '../../sandbox/sandbox-exchange.js';

/*
 * Issue 33 item 4: a Multi-leg paper strategy survives kill -9. A real console process sells a call (25 % stop,
 * one re-entry at once) and a put on the sandbox's 24x7 index; the call is stopped and entered again, then the
 * process is killed with SIGKILL and started again on the same data. The re-entry count still reads 1, every leg
 * is held exactly once, and the call stopped a second time stays out: the count is a ceiling across the restart.
 */
const ADMIN = { username: 'admin', password: 'legs-crash-admin' };
const WAIT = { timeout: 90_000, interval: 100 };
let sandbox: SandboxExchange;
let server: ChildServer;
let database: Database;
let closeConsole = async () => {};

const api = <T>(token: string | null, method: string, url: string, body?: unknown) =>
  callConsole<T>(server, token, method, url, body);

beforeAll(async () => {
  ({ sandbox, server, database, close: closeConsole } = await killableConsole('legs-crash', ADMIN));
}, 60_000);

afterAll(async () => {
  await closeConsole();
});

const CONFIG: LegsConfigInput = {
  legs: [
    {
      option_type: 'CE',
      side: 'SELL',
      lots: 1,
      expiry: 'current_week',
      strike: { by: 'atm', steps: 1 },
      stop_loss: { unit: 'percent', value: 25 },
      re_entry: { times: 1, when: 'at_once' },
    },
    { option_type: 'PE', side: 'SELL', lots: 1, expiry: 'current_week', strike: { by: 'atm', steps: 1 } },
  ],
  entry: { kind: 'candle_close', interval: '1m' },
  exit_at: null,
};

/** A trader with a Paper account and a running Multi-leg paper strategy on the 24x7 index (it trades at any hour). */
async function arrange() {
  const adminToken = await signInAt(server, ADMIN.username, ADMIN.password);
  await api(adminToken, 'POST', '/users', { username: 'trader', password: 'trader-from-admin', role: 'user' });
  const token = await chooseOwnPasswordAt(server, 'trader', 'trader-from-admin', 'trader-password');
  const brokers = (await api<Array<{ id: number; is_paper: boolean }>>(token, 'GET', '/brokers/list')).data;
  const account = await api<{ id: number }>(token, 'POST', '/brokers/user-brokers', {
    broker_id: brokers.find((b) => b.is_paper)!.id,
    broker_username: 'PAPER1',
    virtual_capital: 1_000_000,
  });
  expect(account.status, account.error).toBe(201);
  const strategies = (await api<Array<{ id: number; type: string | null }>>(token, 'GET', '/strategies/list')).data;
  const instruments = (await api<Array<{ id: number; name: string }>>(token, 'GET', '/instruments/list')).data;
  const mapping = await api<{ id: number }>(token, 'POST', '/strategies/user-mappings', {
    strategy_id: strategies.find((s) => s.type === 'legs')!.id,
    instrument_id: instruments.find((i) => i.name === 'SANDBOX 24x7')!.id,
    user_broker_id: account.data.id,
    is_dummy: 1,
    ce_count: 1,
    pe_count: 1,
  });
  expect(mapping.status, mapping.error).toBe(201);
  const id = mapping.data.id;
  const saved = await api(token, 'PUT', `/strategies/user-mappings/${id}/config`, CONFIG);
  expect(saved.status, saved.error).toBe(200);
  await api(token, 'PUT', `/strategies/user-mappings/${id}/toggle-status`, { running_status: 1 });
  await api(adminToken, 'POST', '/rdx/start');
  return { id };
}

const memoOf = (mappingId: number) => legsMemoOf(database, mappingId);
const openLegsOf = (mappingId: number) =>
  database.db
    .selectFrom('strategyLegs')
    .select(['tradingSymbol', 'quantity'])
    .where('mappingId', '=', mappingId)
    .where('status', '=', 'open')
    .orderBy('tradingSymbol')
    .execute();
const fillsOf = (mappingId: number) =>
  database.db
    .selectFrom('transactions')
    .select(['id', 'orderId', 'tradingSymbol', 'quantity'])
    .where('mappingId', '=', mappingId)
    .orderBy('id')
    .execute();
const quantitiesOf = (fills: Array<{ tradingSymbol: string; quantity: number }>, suffix: 'CE' | 'PE') =>
  fills.filter((f) => f.tradingSymbol.endsWith(suffix)).map((f) => f.quantity);

/** Fills net per contract to exactly the open legs, each fill booked once, and nothing sent to the exchange. */
async function expectBooksAgree(mappingId: number) {
  const fills = await fillsOf(mappingId);
  const net = new Map<string, number>();
  for (const f of fills) net.set(f.tradingSymbol, (net.get(f.tradingSymbol) ?? 0) + f.quantity);
  const held = [...net].filter(([, q]) => q !== 0).sort();
  const legs = await openLegsOf(mappingId);
  expect(held).toEqual(legs.map((l) => [l.tradingSymbol, l.quantity]).sort());
  const orders = fills.map((f) => f.orderId).filter((o) => o !== null);
  expect(new Set(orders).size).toBe(orders.length);
  // Paper: the exchange has no position of ours to agree with because it never saw an order.
  expect(sandbox.control.orders()).toEqual([]);
}

describe('a Multi-leg paper strategy killed with SIGKILL', () => {
  it('keeps its re-entry count and its legs across the restart, and re-enters no more than it may', async () => {
    const { id } = await arrange();

    // The first 1-minute close enters both legs.
    await vi.waitFor(async () => expect(await openLegsOf(id)).toHaveLength(2), WAIT);
    const [ce, pe] = (await memoOf(id)).legs;
    expect(ce!.symbol).toMatch(/CE$/);
    expect(pe!.symbol).toMatch(/PE$/);

    // Premiums triple: the call's stop closes it within a second (on a tick, not at the close) and it is sold
    // again at once, the re-entry counted in the memo before its order.
    sandbox.control.shockVolatility('SANDBOX', 3);
    await vi.waitFor(async () => {
      expect((await memoOf(id)).legs[0]).toMatchObject({ symbol: ce!.symbol, reEntries: 1 });
      expect(quantitiesOf(await fillsOf(id), 'CE')).toEqual([50, -50, 50]);
    }, WAIT);
    const before = { legs: await openLegsOf(id), fills: await fillsOf(id) };

    // kill -9 at once, most likely before the next close has looked at the re-entered leg: no shutdown hook runs.
    // The same data, a new process.
    await server.kill();
    await server.start();

    // Everything it knew, it still knows: the count (spent, no re-entry waiting), the legs, the fills, nothing
    // booked twice by recovery.
    const kept = (await memoOf(id)).legs[0]!;
    expect(kept).toMatchObject({ symbol: ce!.symbol, reEntries: 1 });
    expect(kept.out?.isWaiting ?? false).toBe(false);
    expect(await openLegsOf(id)).toEqual(before.legs);
    expect(await fillsOf(id)).toEqual(before.fills);
    await expectBooksAgree(id);

    // Stopped again after the restart: its one re-entry was spent before the kill, so it stays out.
    sandbox.control.shockVolatility('SANDBOX', 9);
    await vi.waitFor(async () => {
      expect((await memoOf(id)).legs[0]).toMatchObject({
        reEntries: 1,
        out: { reason: 'stop-loss', isWaiting: false },
      });
      expect(await openLegsOf(id)).toEqual([expect.objectContaining({ tradingSymbol: pe!.symbol })]);
      expect(quantitiesOf(await fillsOf(id), 'CE')).toEqual([50, -50, 50, -50]);
    }, WAIT);
    const token = await signInAt(server, 'trader', 'trader-password');
    await vi.waitFor(async () => {
      const rows = (await api<Mapping[]>(token, 'GET', '/strategies/user-mappings')).data;
      expect(rows.find((m) => m.id === id)!.status_detail).toMatch(
        /Leg 1 CE stopped at ₹[\d,.]+, no re-entry left \(1 used\)/,
      );
    }, WAIT);

    // The memo says no re-entry waits, so no later close enters it again (legs-review.logic.test.ts's property).
    const fills = await fillsOf(id);
    expect(quantitiesOf(fills, 'CE')).toEqual([50, -50, 50, -50]);
    expect(quantitiesOf(fills, 'PE')).toEqual([50]);
    await expectBooksAgree(id);
  }, 400_000);
});
