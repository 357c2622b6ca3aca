import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseKiteInstrumentsCsv, type KiteInstrument } from '../protocols/kite-instruments-csv.js';
import {
  jsonOf,
  kiteGet,
  kitePost,
  openSocket,
  startTestSandbox,
  type ManualClock,
} from '../../test/sandbox-helpers.js';
import { applyClockSkip, mountControlRoutes, type ControlHooks } from './sandbox-control-routes.js';
import type { SandboxExchange } from './sandbox-exchange.js';

let sandbox: SandboxExchange;
let clock: ManualClock;
let token: string;

beforeEach(async () => {
  ({ sandbox, clock } = await startTestSandbox());
  token = sandbox.control.issueKiteAccessToken('AB1234');
});
afterEach(async () => {
  await sandbox.close();
});

const controlUrl = (path: string) => `http://127.0.0.1:${sandbox.port}/control${path}`;

async function postFaults(body: unknown) {
  const res = await fetch(controlUrl('/faults'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await jsonOf(res) };
}

/** NIFTY's lot (NSE, from the January 2026 expiries): every order here is one lot. */
const NIFTY_LOT = 65;

async function anOption(): Promise<KiteInstrument> {
  const rows = parseKiteInstrumentsCsv(await (await fetch(`${sandbox.urls.kiteApi}/instruments/NFO`)).text());
  const option = rows.find((r) => r.name === 'NIFTY' && r.expiry === '2025-12-16' && r.strike % 500 === 0);
  if (!option) throw new Error('no NIFTY option listed');
  return option;
}

const place = async (option: KiteInstrument, tag: string) =>
  kitePost(sandbox, '/orders/regular', token, {
    exchange: 'NFO',
    tradingsymbol: option.tradingsymbol,
    transaction_type: 'BUY',
    quantity: NIFTY_LOT,
    product: 'NRML',
    order_type: 'MARKET',
    market_protection: -1,
    tag,
  });

describe('/control/faults', () => {
  it('lose_order_replies: places the next N orders, then drops the connection before replying', async () => {
    const option = await anOption();
    expect(await postFaults({ lose_order_replies: 1 })).toEqual({
      status: 200,
      body: { status: 'success', data: { lose_order_replies: 1 } },
    });
    // A read is not an order placement: it is answered.
    expect((await kiteGet(sandbox, '/orders', token)).status).toBe(200);
    await expect(place(option, 'lost1')).rejects.toThrow();
    expect((await place(option, 'kept1')).status).toBe(200);
    const seen = (await (await fetch(controlUrl('/orders'))).json()) as { orders: object[] };
    expect(seen.orders).toMatchObject([
      { user_id: 'AB1234', tag: 'lost1', status: 'COMPLETE', filled_quantity: NIFTY_LOT, market_protection: -1 },
      { tag: 'kept1', status: 'COMPLETE', order_type: 'LIMIT', quantity: NIFTY_LOT },
    ]);
  });

  it('reject_orders: the next N orders are placed and then REJECTED with the message, as RMS rejects', async () => {
    const option = await anOption();
    await postFaults({ reject_orders: 2, message: 'Insufficient funds. Required margin is 9000.00.' });
    const rejected = [await place(option, 'r1'), await place(option, 'r2')];
    const ok = await place(option, 'r3');
    for (const res of rejected) {
      expect(res.status).toBe(200);
      const last = (await kiteGet(sandbox, `/orders/${res.body.data.order_id}`, token)).body.data.at(-1);
      expect(last).toMatchObject({
        status: 'REJECTED',
        status_message: 'Insufficient funds. Required margin is 9000.00.',
        filled_quantity: 0,
        exchange_order_id: null,
      });
    }
    expect((await kiteGet(sandbox, `/orders/${ok.body.data.order_id}`, token)).body.data.at(-1).status).toBe(
      'COMPLETE',
    );
    expect((await kiteGet(sandbox, '/portfolio/positions', token)).body.data.net[0].quantity).toBe(NIFTY_LOT);
  });

  it('expire_tokens: every access token dies at once', async () => {
    const other = sandbox.control.issueKiteAccessToken('CD5678');
    const res = await postFaults({ expire_tokens: true });
    expect(res.body.data).toEqual({ expired_tokens: 2 });
    for (const t of [token, other]) {
      const profile = await kiteGet(sandbox, '/user/profile', t);
      expect(profile.status).toBe(403);
      expect(profile.body.error_type).toBe('TokenException');
    }
  });

  it('drop_ticker: cuts every ticker connection', async () => {
    const ws = await openSocket(
      `${sandbox.urls.kiteWs}?api_key=${sandbox.credentials.kiteApiKey}&access_token=${token}`,
    );
    const closed = new Promise<number>((resolve) => ws.once('close', resolve));
    const res = await postFaults({ drop_ticker: true });
    expect(res.body.data).toEqual({ dropped_ticker_connections: 1 });
    expect(await closed).toBe(1006);
  });

  it('refuses unknown or malformed requests, and DELETE clears what is queued', async () => {
    expect((await postFaults({ reject_orders: -1 })).status).toBe(400);
    expect((await postFaults({ explode: true })).status).toBe(400);
    const notJson = await fetch(controlUrl('/faults'), { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
    await postFaults({ reject_orders: 5 });
    expect((await fetch(controlUrl('/faults'), { method: 'DELETE' })).status).toBe(200);
    const option = await anOption();
    const placed = await place(option, 'after1');
    expect((await kiteGet(sandbox, `/orders/${placed.body.data.order_id}`, token)).body.data.at(-1).status).toBe(
      'COMPLETE',
    );
  });

  it('is not part of the Kite API: a Kite token does not reach it under /kite', async () => {
    const res = await fetch(`${sandbox.urls.kiteApi}/control/orders`, {
      headers: { Authorization: `token ${sandbox.credentials.kiteApiKey}:${token}` },
    });
    expect(res.status).toBe(404);
  });
});

describe('/control/faults volatility_shock', () => {
  it('reprices the root’s options from the next second on: premiums jump, the index does not', async () => {
    const option = await anOption();
    const key = `NFO:${option.tradingsymbol}`;
    const ltpOf = async (k: string) => {
      const res = await kiteGet(sandbox, `/quote/ltp?i=${encodeURIComponent(k)}`, token);
      return (res.body as { data: Record<string, { last_price: number }> }).data[k]?.last_price ?? NaN;
    };
    const [before, indexBefore] = [await ltpOf(key), await ltpOf('NSE:NIFTY 50')];
    expect(await postFaults({ volatility_shock: { root: 'NIFTY', factor: 3 } })).toEqual({
      status: 200,
      body: { status: 'success', data: { volatility_shock: true } },
    });
    expect(await ltpOf(key)).toBe(before); // this second keeps its price
    clock.advance(1000);
    const after = await ltpOf(key);
    expect(after).toBeGreaterThan(before * 1.05); // more time value on every strike
    expect(await ltpOf('NSE:NIFTY 50')).toBeCloseTo(indexBefore, -3);
    expect((await postFaults({ volatility_shock: { root: 'NIFTY', factor: 0 } })).status).toBe(400);
  });
});

describe('mountControlRoutes', () => {
  it('answers loopback callers only', async () => {
    const app = Fastify();
    const hooks: ControlHooks = {
      failNext: () => undefined,
      rejectNextOrders: () => undefined,
      expireAccessTokens: () => 0,
      dropKiteTickerConnections: () => 0,
      clearFaults: () => undefined,
      orders: () => [],
      shockVolatility: () => undefined,
      advanceClock: () => null,
      registerStaticIps: (userId, ips) => ({ ok: true, userId, ips: [...ips] }),
    };
    mountControlRoutes(app, hooks);
    const remote = await app.inject({ method: 'GET', url: '/control/orders', remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    const local = await app.inject({ method: 'GET', url: '/control/orders', remoteAddress: '127.0.0.1' });
    expect(local.json()).toEqual({ orders: [] });
    // All of 127.0.0.0/8 is this machine (tests bind sockets to 127.0.0.2, 127.0.0.3…), however it is spelled.
    for (const remoteAddress of ['127.0.0.2', '::1', '::ffff:127.0.0.3']) {
      expect((await app.inject({ method: 'GET', url: '/control/orders', remoteAddress })).statusCode).toBe(200);
    }
    const mapped = await app.inject({ method: 'GET', url: '/control/orders', remoteAddress: '::ffff:10.1.2.3' });
    expect(mapped.statusCode).toBe(403);
    await app.close();
  });
});

describe('POST /control/clock', () => {
  const hooksOn = (clock: { now: number } | null) => ({
    advanceClock: (seconds: number) => (clock ? (clock.now += seconds * 1000) : null),
  });

  it('skips the shared clock forward and says the time it now reads', () => {
    const clock = { now: Date.UTC(2026, 10, 27, 4, 0, 0) };
    const reply = applyClockSkip(hooksOn(clock), { advance_seconds: 60 });
    expect(reply.status).toBe(200);
    expect(JSON.parse(String(reply.body))).toEqual({ status: 'success', data: { now: '2026-11-27T04:01:00.000Z' } });
  });

  it('refuses a sandbox on real time, saying how to start one that can skip', () => {
    const reply = applyClockSkip(hooksOn(null), { advance_seconds: 60 });
    expect(reply.status).toBe(409);
    expect(String(reply.body)).toContain('TEST_CLOCK=on');
  });

  it('refuses going back, fractions, more than the feeds can replay, and unknown keys', () => {
    const clock = { now: 0 };
    for (const body of [
      { advance_seconds: 0 },
      { advance_seconds: 1.5 },
      { advance_seconds: 301 },
      { seconds: 5 },
      {},
    ]) {
      expect(applyClockSkip(hooksOn(clock), body).status).toBe(400);
    }
    expect(clock.now).toBe(0);
  });
});
