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
import { SandboxStateFileError } from './sandbox-state-file.js';

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
    expect(saved).toMatchObject({ version: 1, kiteSessions: { sessions: [{ userId: 'AB1234' }] } });
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
    ['is another version', '{"version":2}', /has version 2, and this sandbox reads version 1/],
    ['lacks the orders', JSON.stringify({ version: 1, kiteSessions: {} }), /does not hold a sandbox state/],
  ])('refuses to start on a file that %s, naming it, and leaves it as it was', async (_case, text, reason) => {
    fs.writeFileSync(stateFile, text);
    const starting = startTestSandbox({ stateFile });
    await expect(starting).rejects.toThrow(SandboxStateFileError);
    await expect(starting).rejects.toThrow(reason);
    await expect(starting).rejects.toThrow(stateFile);
    expect(fs.readFileSync(stateFile, 'utf8')).toBe(text);
  });

  it('refuses a state file it cannot read', async () => {
    fs.mkdirSync(stateFile);
    await expect(startTestSandbox({ stateFile })).rejects.toThrow(`Sandbox state file ${stateFile} cannot be read`);
  });
});
