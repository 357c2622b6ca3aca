// Kite's static IPs in the sandbox: the echo URL, registering IPs once a week, and order requests refused from
// an unregistered address. Linux routes all of 127.0.0.0/8 on `lo`, so a socket bound to 127.0.0.2 or 127.0.0.3
// stands for another machine.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { orderFields } from '../../test/kite-orders-sandbox.js';
import { form, kiteAuth, startTestSandbox, type ManualClock } from '../../test/sandbox-helpers.js';
import { parseKiteInstrumentsCsv, type KiteInstrument } from '../protocols/kite-instruments-csv.js';
import type { SandboxExchange, SandboxExchangeOptions } from './sandbox-exchange.js';
import { unregisteredIpMessage } from './static-ips.logic.js';

let sandbox: SandboxExchange;
let clock: ManualClock;
afterEach(async () => {
  await sandbox.close();
});

async function start(options: Partial<SandboxExchangeOptions> = {}): Promise<void> {
  ({ sandbox, clock } = await startTestSandbox(options));
}

interface Reply {
  status: number;
  body: ReturnType<typeof JSON.parse>;
}

/** One request to the sandbox from the local address `from` (fetch cannot choose its source address). */
function send(
  method: string,
  path: string,
  from: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: sandbox.port, method, path, localAddress: from, headers: options.headers ?? {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const putIps = (userId: string, ips: unknown, from = '127.0.0.1') =>
  send('PUT', `/control/accounts/${userId}/ips`, from, {
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ips }),
  });

/** A Kite order request (place, modify, cancel) with `token`, from `from`. */
function kiteOrderRequest(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  from: string,
  fields: Record<string, string | number> = {},
): Promise<Reply> {
  const f = form(fields);
  const headers = { ...f.headers, ...kiteAuth(sandbox, token) };
  return send(method, `/kite${path}`, from, { headers, ...(method === 'DELETE' ? {} : { body: f.body }) });
}

async function anOption(): Promise<KiteInstrument> {
  const rows = parseKiteInstrumentsCsv(await (await fetch(`${sandbox.urls.kiteApi}/instruments/NFO`)).text());
  const option = rows.find((r) => r.name === 'NIFTY' && r.expiry === '2025-12-16' && r.instrumentType === 'CE');
  if (!option) throw new Error('no NIFTY option listed');
  return option;
}

/** A BUY at ₹0.05: it rests OPEN, so it can be modified and cancelled. */
const restingBid = (option: KiteInstrument) => orderFields(option, { order_type: 'LIMIT', price: 0.05 });

const ist = (local: string) => Date.parse(`${local}+05:30`);

describe('GET /control/whoami', () => {
  it('answers the address the request came from, an IPv4-mapped one as plain IPv4', async () => {
    await start();
    expect(await send('GET', '/control/whoami', '127.0.0.1')).toEqual({ status: 200, body: { ip: '127.0.0.1' } });
    expect(await send('GET', '/control/whoami', '127.0.0.2')).toEqual({ status: 200, body: { ip: '127.0.0.2' } });
  });
});

describe('PUT /control/accounts/:user_id/ips', () => {
  it('sets a user’s primary and backup IPs and answers them', async () => {
    await start();
    expect(await putIps('AB1234', ['127.0.0.2', '::FFFF:127.0.0.3'])).toEqual({
      status: 200,
      body: { status: 'success', data: { user_id: 'AB1234', ips: ['127.0.0.2', '127.0.0.3'] } },
    });
  });

  it('refuses three IPs, a bad IP, a body without ips, and a user the sandbox does not have', async () => {
    await start();
    const three = await putIps('AB1234', ['127.0.0.2', '127.0.0.3', '127.0.0.4']);
    expect([three.status, three.body.message]).toEqual([400, expect.stringContaining('at most 2 static IPs')]);
    const bad = await putIps('AB1234', ['127.0.0.300']);
    expect([bad.status, bad.body.message]).toEqual([400, '"127.0.0.300" is not an IPv4 or IPv6 address.']);
    const noList = await send('PUT', '/control/accounts/AB1234/ips', '127.0.0.1', { body: '{"ip":"127.0.0.2"}' });
    expect(noList.status).toBe(400);
    const unknown = await putIps('nobody', ['127.0.0.2']);
    expect([unknown.status, unknown.body.status, unknown.body.message]).toEqual([
      404,
      'error',
      expect.stringContaining('No sandbox Kite user "nobody"'),
    ]);
    // None of these used the week's change.
    expect((await putIps('AB1234', ['127.0.0.2'])).status).toBe(200);
  });

  it('allows one change a calendar week (IST, from Monday), and the same list again at any time', async () => {
    await start(); // Tuesday 9 Dec 2025, 10:00 IST
    expect((await putIps('AB1234', ['127.0.0.2'])).status).toBe(200);
    expect((await putIps('AB1234', ['127.0.0.2'])).status).toBe(200); // a retry changes nothing
    clock.set(ist('2025-12-14T23:59:59'));
    const second = await putIps('AB1234', ['127.0.0.3']);
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('The next change is allowed from Monday 2025-12-15 00:00:00 IST.');
    sandbox.control.clearFaults(); // test tooling's reset does not give the week's change back
    expect((await putIps('AB1234', ['127.0.0.3'])).status).toBe(409);
    expect((await putIps('CD5678', ['127.0.0.3'])).status).toBe(200); // every user has their own week
    clock.set(ist('2025-12-15T00:00:00'));
    expect(await putIps('AB1234', ['127.0.0.3'])).toMatchObject({
      status: 200,
      body: { data: { ips: ['127.0.0.3'] } },
    });
  });

  it('is loopback tooling: 127.0.0.2 is this machine too', async () => {
    await start();
    expect((await putIps('AB1234', ['127.0.0.2'], '127.0.0.2')).status).toBe(200);
  });
});

describe('with enforceIp', () => {
  it('takes an order from the user’s registered IP and records where it came from', async () => {
    await start({ enforceIp: true });
    const token = sandbox.control.issueKiteAccessToken('AB1234');
    await putIps('AB1234', ['127.0.0.2']);
    const placed = await kiteOrderRequest('POST', '/orders/regular', token, '127.0.0.2', orderFields(await anOption()));
    expect(placed.status).toBe(200);
    expect(sandbox.control.orders()).toMatchObject([
      { order_id: placed.body.data.order_id, user_id: 'AB1234', source_ip: '127.0.0.2' },
    ]);
  });

  it('refuses a placement from another address with 400 InputException, placing nothing', async () => {
    await start({ enforceIp: true });
    const token = sandbox.control.issueKiteAccessToken('AB1234');
    await putIps('AB1234', ['127.0.0.2']);
    const refused = await kiteOrderRequest(
      'POST',
      '/orders/regular',
      token,
      '127.0.0.3',
      orderFields(await anOption()),
    );
    expect(refused).toEqual({
      status: 400,
      body: { status: 'error', message: unregisteredIpMessage('127.0.0.3'), data: null, error_type: 'InputException' },
    });
    expect(sandbox.control.orders()).toEqual([]);
  });

  it('refuses a user who registered no IP at all, from anywhere', async () => {
    await start({ enforceIp: true });
    const token = sandbox.control.issueKiteAccessToken('CD5678');
    const refused = await kiteOrderRequest(
      'POST',
      '/orders/regular',
      token,
      '127.0.0.1',
      orderFields(await anOption()),
    );
    expect([refused.status, refused.body.message]).toEqual([400, unregisteredIpMessage('127.0.0.1')]);
  });

  it('refuses a modify and a cancel from another address; reads stay open from anywhere', async () => {
    await start({ enforceIp: true });
    const token = sandbox.control.issueKiteAccessToken('AB1234');
    await putIps('AB1234', ['127.0.0.2']);
    const placed = await kiteOrderRequest('POST', '/orders/regular', token, '127.0.0.2', restingBid(await anOption()));
    const path = `/orders/regular/${placed.body.data.order_id}`;
    const modify = await kiteOrderRequest('PUT', path, token, '127.0.0.3', { price: 0.1 });
    const cancel = await kiteOrderRequest('DELETE', path, token, '127.0.0.3');
    for (const refused of [modify, cancel]) {
      expect([refused.status, refused.body.error_type, refused.body.message]).toEqual([
        400,
        'InputException',
        unregisteredIpMessage('127.0.0.3'),
      ]);
    }
    const book = await send('GET', '/kite/orders', '127.0.0.3', { headers: kiteAuth(sandbox, token) });
    expect(book.body.data).toMatchObject([{ status: 'OPEN', price: 0.05 }]);
    expect((await kiteOrderRequest('DELETE', path, token, '127.0.0.2')).status).toBe(200);
  });

  it('does not count a refused order request against the order rate limit', async () => {
    await start({ enforceIp: true, rateLimits: { kiteOrders: 1 }, rateLimitClock: () => 0 });
    const token = sandbox.control.issueKiteAccessToken('AB1234');
    await putIps('AB1234', ['127.0.0.2']);
    const fields = restingBid(await anOption());
    for (let i = 0; i < 3; i++) {
      expect((await kiteOrderRequest('POST', '/orders/regular', token, '127.0.0.3', fields)).status).toBe(400);
    }
    expect((await kiteOrderRequest('POST', '/orders/regular', token, '127.0.0.2', fields)).status).toBe(200);
    expect((await kiteOrderRequest('POST', '/orders/regular', token, '127.0.0.2', fields)).status).toBe(429);
  });
});

describe('without enforceIp (the default)', () => {
  it('takes orders from any address, registered or not, and still records it', async () => {
    await start();
    const token = sandbox.control.issueKiteAccessToken('AB1234');
    await putIps('AB1234', ['127.0.0.2']);
    const fields = orderFields(await anOption());
    expect((await kiteOrderRequest('POST', '/orders/regular', token, '127.0.0.3', fields)).status).toBe(200);
    expect((await kiteOrderRequest('POST', '/orders/regular', token, '127.0.0.1', fields)).status).toBe(200);
    expect(sandbox.control.orders().map((o) => o.source_ip)).toEqual(['127.0.0.3', '127.0.0.1']);
  });
});
