import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  kiteGet,
  kitePost,
  loginThroughKite,
  manualClock,
  startTestSandbox,
  TEST_START_MS,
} from '../../test/sandbox-helpers.js';
import { parseKiteInstrumentsCsv, type KiteInstrument } from '../protocols/kite-instruments-csv.js';
import { nextKiteTokenExpiry } from './kite-sessions.js';
import type { SandboxExchange } from './sandbox-exchange.js';
import { parseSandboxState, SandboxStateFileError } from './sandbox-state-file.js';

let dir: string;
let stateFile: string;
const running: SandboxExchange[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-state-'));
  stateFile = path.join(dir, 'sandbox-state.json');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A sandbox on `stateFile` whose clock reads `atMs` (the helpers' Tuesday by default). */
async function start(atMs = TEST_START_MS): Promise<SandboxExchange> {
  const { sandbox } = await startTestSandbox({ stateFile, clock: manualClock(atMs) });
  running.push(sandbox);
  return sandbox;
}

async function stop(sandbox: SandboxExchange): Promise<void> {
  running.splice(running.indexOf(sandbox), 1);
  await sandbox.close();
}

/** The NIFTY call nearest the money on the 16 Dec 2025 expiry. */
async function atmCall(sandbox: SandboxExchange, token: string): Promise<KiteInstrument> {
  const rows = parseKiteInstrumentsCsv(await (await fetch(`${sandbox.urls.kiteApi}/instruments/NFO`)).text());
  const spot = (await kiteGet(sandbox, '/quote/ltp?i=NSE:NIFTY%2050', token)).body.data['NSE:NIFTY 50'].last_price;
  const chain = rows.filter((r) => r.name === 'NIFTY' && r.expiry === '2025-12-16' && r.instrumentType === 'CE');
  chain.sort((a, b) => Math.abs(a.strike - spot) - Math.abs(b.strike - spot));
  if (!chain[0]) throw new Error('no NIFTY call listed');
  return chain[0];
}

/** An order's fields that every state version keeps, as a state file writes them. */
const V2_ORDER_FIELDS = {
  variety: 'regular',
  exchange: 'NFO',
  tradingsymbol: 'NIFTY25D1624000CE',
  instrumentToken: 1234 * 256 + 2,
  transactionType: 'BUY',
  orderType: 'LIMIT',
  product: 'NRML',
  validity: 'DAY',
  quantity: 65,
  pricePaise: 5,
  tag: null,
  marketProtection: null,
  protectionPercent: null,
  autosliceParentId: null,
  statusMessage: null,
  placedMs: TEST_START_MS,
  updatedMs: TEST_START_MS,
  modifiedMs: null,
  filledQuantity: 0,
  filledValuePaise: 0,
  matchedSecond: TEST_START_MS / 1000,
};

const buy = (option: KiteInstrument, fields: Record<string, string | number>) => ({
  exchange: 'NFO',
  tradingsymbol: option.tradingsymbol,
  transaction_type: 'BUY',
  quantity: option.lotSize,
  product: 'NRML',
  ...fields,
});

describe('a sandbox with a state file', () => {
  it('keeps the access token, the orders and the positions across a restart', async () => {
    const first = await start();
    const login = await loginThroughKite(first, 'AB1234', first.credentials.userPassword, first.control.totpCode());
    const token = String(login.body.data.access_token);
    const option = await atmCall(first, token);
    const filled = await kitePost(
      first,
      '/orders/regular',
      token,
      buy(option, { order_type: 'MARKET', market_protection: -1 }),
    );
    // A bid at the lowest price Kite takes rests: the restored book must know it is still open.
    const resting = await kitePost(first, '/orders/regular', token, buy(option, { order_type: 'LIMIT', price: 0.05 }));
    const orders = (await kiteGet(first, '/orders', token)).body.data;
    const positions = (await kiteGet(first, '/portfolio/positions', token)).body.data;
    expect(orders.map((o: { status: string }) => o.status)).toEqual(['COMPLETE', 'OPEN']);
    expect(positions.net[0]).toMatchObject({ tradingsymbol: option.tradingsymbol, quantity: option.lotSize });
    await stop(first);

    const second = await start();
    expect((await kiteGet(second, '/user/profile', token)).body.data.user_id).toBe('AB1234');
    expect((await kiteGet(second, '/orders', token)).body.data).toEqual(orders);
    expect((await kiteGet(second, '/portfolio/positions', token)).body.data).toEqual(positions);
    const cancel = await fetch(`${second.urls.kiteApi}/orders/regular/${resting.body.data.order_id}`, {
      method: 'DELETE',
      headers: { 'X-Kite-Version': '3', Authorization: `token ${second.credentials.kiteApiKey}:${token}` },
    });
    expect(cancel.status).toBe(200);
    // Order ids go on from where the first run stopped: none is given twice.
    const next = await kitePost(second, '/orders/regular', token, buy(option, { order_type: 'LIMIT', price: 0.05 }));
    expect([filled.body.data.order_id, resting.body.data.order_id]).not.toContain(next.body.data.order_id);
    expect(Number(next.body.data.order_id)).toBeGreaterThan(Number(resting.body.data.order_id));
  });

  it('keeps a token until 06:00 IST and refuses it from then on, as before a restart', async () => {
    const first = await start();
    const token = first.control.issueKiteAccessToken('AB1234');
    await stop(first);

    const expiry = nextKiteTokenExpiry(TEST_START_MS);
    const before = await start(expiry - 1);
    expect((await kiteGet(before, '/user/profile', token)).status).toBe(200);
    await stop(before);
    const later = await start(expiry);
    const res = await kiteGet(later, '/user/profile', token);
    expect(res.status).toBe(403);
    expect(res.body.error_type).toBe('TokenException');
  });

  it('saves soon after a change, whole, readable by its owner only, with no temporary file left', async () => {
    const first = await start();
    first.control.issueKiteAccessToken('AB1234');
    // Saved while running, not only at close: a console killed outright loses at most the last moment.
    await vi.waitFor(() => expect(fs.existsSync(stateFile)).toBe(true), { timeout: 2000, interval: 20 });
    await stop(first);
    expect(fs.readdirSync(dir)).toEqual(['sandbox-state.json']);
    expect(fs.statSync(stateFile).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
    expect(saved).toMatchObject({ version: 3, kiteSessions: { sessions: [{ userId: 'AB1234' }] } });
  });

  it('starts fresh when the file does not exist yet, and writes nothing until something changes', async () => {
    const sandbox = await start();
    const res = await kiteGet(sandbox, '/orders', sandbox.control.issueKiteAccessToken('AB1234'));
    expect(res.body.data).toEqual([]);
    await stop(sandbox);
    expect(fs.existsSync(stateFile)).toBe(true);

    fs.rmSync(stateFile);
    await stop(await start());
    expect(fs.existsSync(stateFile)).toBe(false);
  });

  it.each([
    ['is not JSON', '{"version":1,"kiteSess', /is not valid JSON/],
    ['is empty', '', /is not valid JSON/],
    ['is another version', '{"version":4}', /has version 4, and this sandbox reads versions 1 to 3/],
    ['lacks the orders', JSON.stringify({ version: 1, kiteSessions: {} }), /does not hold a sandbox state/],
  ])('refuses to start on a file that %s, naming it, and leaves it as it was', async (_case, text, reason) => {
    fs.writeFileSync(stateFile, text);
    const starting = startTestSandbox({ stateFile });
    await expect(starting).rejects.toThrow(SandboxStateFileError);
    await expect(starting).rejects.toThrow(reason);
    await expect(starting).rejects.toThrow(stateFile);
    expect(fs.readFileSync(stateFile, 'utf8')).toBe(text);
  });

  it("renames a version-1 file's option tokens, which reached 2^31, to today's and gives its fills trades", async () => {
    // Version 1's token of the SANDBOX 12 Dec 2025 10,000 call: root 2, expiry day 2172 (of 2020) modulo 2048,
    // strike index 200, in 24 bits above the NFO byte.
    const legacyToken = (2 * 0x400000 + (2172 % 2048) * 0x800 + 200 * 2) * 256 + 2;
    expect(legacyToken).toBeGreaterThanOrEqual(2 ** 31);
    const symbol = 'SANDBOX25D1210000CE';
    const order = {
      variety: 'regular',
      exchange: 'NFO',
      tradingsymbol: symbol,
      instrumentToken: legacyToken,
      transactionType: 'SELL',
      orderType: 'LIMIT',
      product: 'NRML',
      validity: 'DAY',
      quantity: 50,
      pricePaise: 5,
      tag: null,
      marketProtection: null,
      protectionPercent: null,
      autosliceParentId: null,
      orderId: '251209000000001',
      userId: 'AB1234',
      status: 'COMPLETE',
      statusMessage: null,
      placedMs: TEST_START_MS - 60_000,
      updatedMs: TEST_START_MS - 60_000,
      modifiedMs: null,
      filledQuantity: 50,
      filledValuePaise: 50 * 20_000,
      matchedSecond: TEST_START_MS / 1000 - 60,
    };
    const leg = {
      userId: 'AB1234',
      exchange: 'NFO',
      tradingsymbol: symbol,
      instrumentToken: legacyToken,
      product: 'NRML',
      buyQuantity: 0,
      buyValue: 0,
      sellQuantity: 50,
      sellValue: 50 * 20_000,
    };
    const session = {
      userId: 'AB1234',
      apiKey: 'sandbox_api_key',
      accessToken: 'legacy-token',
      publicToken: 'p',
      enctoken: 'e',
      loginMs: TEST_START_MS - 120_000,
      expiresMs: nextKiteTokenExpiry(TEST_START_MS),
    };
    const v1 = {
      version: 1,
      kiteSessions: { loginRequests: [], webSessions: [], requestTokens: [], sessions: [session] },
      orderBook: { sequence: 1, orders: [order], legs: [leg], usedDepth: { newest: 0, used: [] } },
    };
    fs.writeFileSync(stateFile, JSON.stringify(v1));
    const sandbox = await start();
    const dump = parseKiteInstrumentsCsv(await (await fetch(`${sandbox.urls.kiteApi}/instruments/NFO`)).text());
    const listed = dump.find((r) => r.tradingsymbol === symbol);
    expect(listed?.instrumentToken).toBeLessThan(2 ** 31);
    const positions = (await kiteGet(sandbox, '/portfolio/positions', 'legacy-token')).body.data.net;
    expect(positions).toMatchObject([
      { tradingsymbol: symbol, instrument_token: listed?.instrumentToken, quantity: -50 },
    ]);
    const trades = (await kiteGet(sandbox, '/trades', 'legacy-token')).body.data;
    expect(trades).toMatchObject([{ order_id: order.orderId, quantity: 50, average_price: 200 }]);
    expect(sandbox.control.orders()).toMatchObject([{ order_id: order.orderId, source_ip: '' }]);
    await stop(sandbox);
    expect(JSON.parse(fs.readFileSync(stateFile, 'utf8'))).toMatchObject({ version: 3, staticIps: [] });
  });

  it("reads a version-2 file: no user has registered an IP yet, and its orders' addresses were not kept", () => {
    const sessions = { loginRequests: [], webSessions: [], requestTokens: [], sessions: [] };
    const order = { orderId: '251209000000001', userId: 'AB1234', status: 'OPEN', statusMessageRaw: null };
    const book = { sequence: 1, legs: [], usedDepth: { newest: 0, used: [] }, trades: [], tradeSequence: 0 };
    const orders = [{ ...V2_ORDER_FIELDS, ...order }];
    const v2 = { version: 2, kiteSessions: sessions, orderBook: { ...book, orders } };
    const state = parseSandboxState(stateFile, JSON.stringify(v2), () => null);
    expect(state).toMatchObject({ version: 3, staticIps: [], orderBook: { orders: [{ ...order, sourceIp: '' }] } });
  });

  it("keeps each user's static IPs and the week's change across a restart", async () => {
    const first = await start();
    expect(first.control.registerStaticIps('AB1234', ['127.0.0.2'])).toMatchObject({ ok: true });
    await stop(first);
    const second = await start();
    expect(second.control.registerStaticIps('AB1234', ['127.0.0.2'])).toEqual({
      ok: true,
      userId: 'AB1234',
      ips: ['127.0.0.2'],
    });
    expect(second.control.registerStaticIps('AB1234', ['127.0.0.3'])).toMatchObject({ ok: false, problem: 'too-soon' });
  });

  it('refuses a state file it cannot read', async () => {
    fs.mkdirSync(stateFile);
    await expect(startTestSandbox({ stateFile })).rejects.toThrow(`Sandbox state file ${stateFile} cannot be read`);
  });
});
