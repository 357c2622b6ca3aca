import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseKiteInstrumentsCsv, type KiteInstrument } from '../protocols/kite-instruments-csv.js';
import {
  form,
  jsonOf,
  kiteAuth,
  kiteGet,
  kitePost,
  startTestSandbox,
  type ManualClock,
} from '../../test/sandbox-helpers.js';
import { MARKET_CLOSED_MESSAGE } from './market-hours.js';
import { MARKET_PROTECTION_REQUIRED } from './market-protection.js';
import type { SandboxExchange } from './sandbox-exchange.js';

/** NIFTY's lot (NSE, from the January 2026 expiries) and its largest whole-lot slice within the 1800 freeze. */
const NIFTY_LOT = 65;
const NIFTY_SLICE = 27 * NIFTY_LOT; // 1755

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

/** The listed option of `name` and `expiry` nearest the money. */
async function atmOption(name = 'NIFTY', expiry = '2025-12-16', type = 'CE'): Promise<KiteInstrument> {
  const rows = parseKiteInstrumentsCsv(await (await fetch(`${sandbox.urls.kiteApi}/instruments/NFO`)).text());
  const index = name === 'NIFTY' ? 'NIFTY 50' : 'NIFTY BANK';
  const spot = (await kiteGet(sandbox, `/quote/ltp?i=NSE:${encodeURIComponent(index)}`, token)).body.data[
    `NSE:${index}`
  ].last_price as number;
  const chain = rows.filter((r) => r.name === name && r.expiry === expiry && r.instrumentType === type);
  chain.sort((a, b) => Math.abs(a.strike - spot) - Math.abs(b.strike - spot));
  const option = chain[0];
  if (!option) throw new Error(`no ${name} ${expiry} option listed`);
  return option;
}

const quoteOf = async (option: KiteInstrument) => {
  const key = `NFO:${option.tradingsymbol}`;
  return (await kiteGet(sandbox, `/quote?i=${key}`, token)).body.data[key];
};

const orderFields = (option: KiteInstrument, fields: Record<string, string | number> = {}) => ({
  exchange: 'NFO',
  tradingsymbol: option.tradingsymbol,
  transaction_type: 'BUY',
  quantity: option.lotSize,
  product: 'NRML',
  order_type: 'MARKET',
  market_protection: -1,
  ...fields,
});

const lastState = async (orderId: string) => (await kiteGet(sandbox, `/orders/${orderId}`, token)).body.data.at(-1);

async function kiteSend(method: 'PUT' | 'DELETE', path: string, fields: Record<string, string | number> = {}) {
  const f = form(fields);
  const res = await fetch(`${sandbox.urls.kiteApi}${path}`, {
    method,
    headers: { ...f.headers, ...kiteAuth(sandbox, token) },
    ...(method === 'PUT' ? { body: f.body } : {}),
  });
  return { status: res.status, body: await jsonOf(res) };
}

describe('market hours', () => {
  it('refuses a NIFTY order after 15:30 IST at once, and takes it again at the next open', async () => {
    const option = await atmOption();
    const istAt = (time: string, day = '2025-12-09') => Date.parse(`${day}T${time}+05:30`);
    clock.set(istAt('16:00:00'));
    const closed = await kitePost(sandbox, '/orders/regular', token, orderFields(option));
    expect([closed.status, closed.body.error_type, closed.body.message]).toEqual([
      400,
      'InputException',
      MARKET_CLOSED_MESSAGE,
    ]);
    expect(sandbox.control.orders()).toEqual([]); // refused, not placed and rejected
    clock.set(istAt('09:15:00', '2025-12-10'));
    token = sandbox.control.issueKiteAccessToken('AB1234'); // the evening's token died at 06:00 IST
    const open = await kitePost(sandbox, '/orders/regular', token, orderFields(option));
    expect(open.status).toBe(200);
  });
});

describe('market protection', () => {
  it("refuses MARKET orders without protection (or with 0) in Kite's words, and bad values", async () => {
    const option = await atmOption();
    for (const protection of [undefined, 0]) {
      const fields = orderFields(option);
      if (protection === undefined) delete (fields as Partial<typeof fields>).market_protection;
      else fields.market_protection = protection;
      const res = await kitePost(sandbox, '/orders/regular', token, fields);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: 'error',
        message: MARKET_PROTECTION_REQUIRED,
        data: null,
        error_type: 'InputException',
      });
    }
    const bad = await kitePost(sandbox, '/orders/regular', token, orderFields(option, { market_protection: 'True' }));
    expect(bad.body.message).toBe('Invalid request (failed to decode market_protection, got: True (expected decimal))');
    const tooMuch = await kitePost(sandbox, '/orders/regular', token, orderFields(option, { market_protection: 150 }));
    expect(tooMuch.body.error_type).toBe('InputException');
    expect((await kiteGet(sandbox, '/orders', token)).body.data).toEqual([]);
  });

  it('turns a protected MARKET order into a LIMIT at the bound, tagged mktp, filled from the offers', async () => {
    const option = await atmOption();
    const quote = await quoteOf(option);
    const last = Math.round(quote.last_price * 100);
    const placed = await kitePost(sandbox, '/orders/regular', token, orderFields(option, { market_protection: 2 }));
    expect(placed.status).toBe(200);
    const order = await lastState(placed.body.data.order_id);
    const bound = Math.ceil((last * 1.02) / 5 - 1e-9) * 5;
    expect(order).toMatchObject({
      status: 'COMPLETE',
      order_type: 'LIMIT',
      price: bound / 100,
      filled_quantity: option.lotSize,
      pending_quantity: 0,
      average_price: quote.depth.sell[0].price,
      market_protection: 0,
      tags: ['mktp', 'mktp:2.00'],
    });
    const sell = await kitePost(sandbox, '/orders/regular', token, orderFields(option, { transaction_type: 'SELL' }));
    const sold = await lastState(sell.body.data.order_id);
    expect(sold.price).toBe(Math.floor((last * 0.97) / 5 + 1e-9) / 20);
    expect(sold).toMatchObject({
      status: 'COMPLETE',
      average_price: quote.depth.buy[0].price,
      tags: ['mktp', 'mktp:3.00'],
    });
  });

  it('completes ordinary one- and two-lot orders on ATM options at once', async () => {
    for (const [name, expiry] of [
      ['NIFTY', '2025-12-16'],
      ['BANKNIFTY', '2025-12-30'], // monthly only
    ] as const) {
      for (const type of ['CE', 'PE']) {
        const option = await atmOption(name, expiry, type);
        for (const [side, lots] of [
          ['BUY', 1],
          ['SELL', 2],
        ] as const) {
          const fields = orderFields(option, { transaction_type: side, quantity: option.lotSize * lots });
          const placed = await kitePost(sandbox, '/orders/regular', token, fields);
          expect((await lastState(placed.body.data.order_id)).status).toBe('COMPLETE');
        }
      }
    }
  });
});

describe('tags', () => {
  it('places every order of a repeated tag, like Kite, and refuses tags over 20 characters', async () => {
    const option = await atmOption();
    const fields = orderFields(option, { transaction_type: 'SELL', product: 'MIS', tag: 'retry-me' });
    const first = await kitePost(sandbox, '/orders/regular', token, fields);
    clock.advance(5_000);
    const second = await kitePost(sandbox, '/orders/regular', token, fields);
    expect(second.status).toBe(200);
    expect(second.body.data.order_id).not.toBe(first.body.data.order_id);
    const orders = (await kiteGet(sandbox, '/orders', token)).body.data;
    expect(orders.map((o: { tag: string; status: string }) => [o.tag, o.status])).toEqual([
      ['retry-me', 'COMPLETE'],
      ['retry-me', 'COMPLETE'],
    ]);
    const long = await kitePost(sandbox, '/orders/regular', token, { ...fields, tag: 'x'.repeat(21) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error_type: 'InputException', message: expect.stringMatching(/20 characters/) });
  });

  it('keeps an order placed when its reply is lost; a retry places a second one', async () => {
    const option = await atmOption();
    const fields = orderFields(option, { tag: 'lostreply1' });
    sandbox.control.failNext('kite.orders', 1, 'drop-after');
    await expect(kitePost(sandbox, '/orders/regular', token, fields)).rejects.toThrow();
    const found = (await kiteGet(sandbox, '/orders', token)).body.data;
    expect(found.map((o: { tag: string; status: string }) => [o.tag, o.status])).toEqual([['lostreply1', 'COMPLETE']]);
    await kitePost(sandbox, '/orders/regular', token, fields);
    expect((await kiteGet(sandbox, '/orders', token)).body.data).toHaveLength(2);
  });
});

describe('order checks', () => {
  it('refuses bad orders with Kite error envelopes', async () => {
    const option = await atmOption();
    const base = orderFields(option);
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ ...base, quantity: 50 }, new RegExp(`lot size ${NIFTY_LOT}`)],
      [{ ...base, tradingsymbol: 'NIFTY 50', exchange: 'NSE' }, /index/],
      [{ ...base, tradingsymbol: 'NOPE' }, /tradingsymbol/],
      [{ ...base, order_type: 'SL' }, /order_type/],
      [{ ...base, order_type: 'LIMIT', price: '10.03' }, /price/],
    ];
    for (const [fields, message] of cases) {
      const res = await kitePost(sandbox, '/orders/regular', token, fields);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        status: 'error',
        error_type: 'InputException',
        message: expect.stringMatching(message),
      });
    }
    expect((await kitePost(sandbox, '/orders/amo', token, base)).body.error_type).toBe('InputException');
    expect((await fetch(`${sandbox.urls.kiteApi}/orders/regular`, { method: 'POST' })).status).toBe(403);
  });

  it('refuses orders above the freeze quantity, and slices them with autoslice', async () => {
    const option = await atmOption();
    const big = orderFields(option, { quantity: 70 * NIFTY_LOT });
    const refused = await kitePost(sandbox, '/orders/regular', token, big);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/freeze quantity of 1800 for NIFTY/);
    const sliced = await kitePost(sandbox, '/orders/regular', token, { ...big, autoslice: 'true', tag: 'big1' });
    expect(sliced.status).toBe(200);
    const { order_id: parentId, children } = sliced.body.data;
    expect(children).toHaveLength(3);
    const orders = (await kiteGet(sandbox, '/orders', token)).body.data;
    expect(orders.map((o: { order_id: string }) => o.order_id)).toEqual(
      children.map((c: { order_id: string }) => c.order_id),
    );
    expect(orders.map((o: { quantity: number }) => o.quantity)).toEqual([NIFTY_SLICE, NIFTY_SLICE, 16 * NIFTY_LOT]);
    expect(orders[0].tags).toEqual(['big1', 'mktp', 'mktp:3.00', 'autoslice', `autoslice:${parentId}`]);
    expect((await kiteGet(sandbox, `/orders/${parentId}`, token)).status).toBe(400);
    const tooMany = await kitePost(sandbox, '/orders/regular', token, {
      ...big,
      quantity: NIFTY_SLICE * 10 + NIFTY_LOT,
      autoslice: 'true',
    });
    expect(tooMany.body.message).toMatch(/11 slices/);
    const small = await kitePost(sandbox, '/orders/regular', token, { ...big, quantity: NIFTY_LOT, autoslice: 'true' });
    expect(small.body.message).toBe(
      `Quantity should be greater than or equal to ${NIFTY_SLICE + NIFTY_LOT} for order slicing.`,
    );
  });
});

describe('thin books', () => {
  /** A LIMIT one level deep, one lot more than that level holds: it fills in part now and the rest later. */
  async function partialRun(): Promise<{ orderId: string; seen: [string, number][] }> {
    const option = await atmOption();
    const quote = await quoteOf(option);
    const top = quote.depth.sell[0];
    const fields = orderFields(option, {
      order_type: 'LIMIT',
      price: top.price,
      quantity: top.quantity + option.lotSize,
    });
    const placed = await kitePost(sandbox, '/orders/regular', token, fields);
    const seen: [string, number][] = [];
    for (let step = 0; step < 120; step++) {
      const state = await lastState(placed.body.data.order_id);
      seen.push([state.status, state.filled_quantity]);
      expect(state.pending_quantity).toBe(state.status === 'OPEN' ? state.quantity - state.filled_quantity : 0);
      if (state.status !== 'OPEN') break;
      clock.advance(1000);
    }
    return { orderId: placed.body.data.order_id, seen };
  }

  it('fills what the depth within the limit allows, keeps the rest OPEN, and completes over later steps', async () => {
    const option = await atmOption();
    const top = (await quoteOf(option)).depth.sell[0];
    const { seen } = await partialRun();
    expect(seen[0]).toEqual(['OPEN', top.quantity]);
    expect(seen.at(-1)).toEqual(['COMPLETE', top.quantity + option.lotSize]);
    // The same seed and the same steps give the same fills.
    const first = seen;
    await sandbox.close();
    ({ sandbox, clock } = await startTestSandbox());
    token = sandbox.control.issueKiteAccessToken('AB1234');
    expect((await partialRun()).seen).toEqual(first);
  });

  it('cancels the rest of a partly filled order and keeps the filled part in positions', async () => {
    const option = await atmOption();
    const top = (await quoteOf(option)).depth.sell[0];
    const placed = await kitePost(
      sandbox,
      '/orders/regular',
      token,
      orderFields(option, { order_type: 'LIMIT', price: top.price, quantity: top.quantity + option.lotSize }),
    );
    const orderId = placed.body.data.order_id;
    const cancel = await kiteSend('DELETE', `/orders/regular/${orderId}`);
    expect(cancel).toMatchObject({ status: 200, body: { data: { order_id: orderId } } });
    expect(await lastState(orderId)).toMatchObject({
      status: 'CANCELLED',
      filled_quantity: top.quantity,
      pending_quantity: 0,
      cancelled_quantity: option.lotSize,
      average_price: top.price,
    });
    const positions = (await kiteGet(sandbox, '/portfolio/positions', token)).body.data;
    expect(positions.net[0]).toMatchObject({ tradingsymbol: option.tradingsymbol, quantity: top.quantity });
    expect((await kiteSend('DELETE', `/orders/regular/${orderId}`)).body.error_type).toBe('OrderException');
  });

  it('modifies the price, quantity and type of an OPEN order', async () => {
    const option = await atmOption();
    const placed = await kitePost(
      sandbox,
      '/orders/regular',
      token,
      orderFields(option, { order_type: 'LIMIT', price: 0.05 }),
    );
    const orderId = placed.body.data.order_id;
    expect((await lastState(orderId)).status).toBe('OPEN');
    const twoLots = 2 * NIFTY_LOT;
    const repriced = await kiteSend('PUT', `/orders/regular/${orderId}`, { price: 0.1, quantity: twoLots });
    expect(repriced).toMatchObject({ status: 200, body: { data: { order_id: orderId } } });
    expect(await lastState(orderId)).toMatchObject({ status: 'OPEN', price: 0.1, quantity: twoLots, modified: true });
    const toMarket = await kiteSend('PUT', `/orders/regular/${orderId}`, { order_type: 'MARKET' });
    expect(toMarket.body.message).toBe(MARKET_PROTECTION_REQUIRED);
    await kiteSend('PUT', `/orders/regular/${orderId}`, { order_type: 'MARKET', market_protection: -1 });
    const history = (await kiteGet(sandbox, `/orders/${orderId}`, token)).body.data;
    expect(history.map((h: { status: string }) => h.status)).toContain('MODIFIED');
    expect(history.at(-1)).toMatchObject({ status: 'COMPLETE', order_type: 'LIMIT', filled_quantity: twoLots });
    expect((await kiteSend('PUT', `/orders/regular/${orderId}`, { price: 1 })).body.error_type).toBe('OrderException');
  });
});

describe('order rate limit', () => {
  it('answers the 11th order request of a second with 429, per user', async () => {
    await sandbox.close();
    ({ sandbox, clock } = await startTestSandbox({ rateLimitClock: () => 0 }));
    token = sandbox.control.issueKiteAccessToken('AB1234');
    const option = await atmOption();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await kitePost(sandbox, '/orders/regular', token, orderFields(option))).status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    const limited = await kitePost(sandbox, '/orders/regular', token, orderFields(option));
    expect(limited.body).toEqual({
      status: 'error',
      message: 'Too many requests',
      data: null,
      error_type: 'NetworkException',
    });
    // Reads have their own budget, and another user has their own orders budget.
    expect((await kiteGet(sandbox, '/orders', token)).body.data).toHaveLength(10);
    const other = sandbox.control.issueKiteAccessToken('CD5678');
    expect((await kitePost(sandbox, '/orders/regular', other, orderFields(option))).status).toBe(200);
  });
});

describe('the close', () => {
  const istAt = (time: string) => Date.parse(`2025-12-09T${time}+05:30`);
  // These tests follow the price step by step: more quotes a second than Kite's 10.
  beforeEach(async () => {
    await sandbox.close();
    ({ sandbox, clock } = await startTestSandbox({ rateLimits: { kiteQuote: 100_000 } }));
    token = sandbox.control.issueKiteAccessToken('AB1234');
  });

  /** A BUY LIMIT a little under the offer, so it rests; returns its id and limit (rupees). */
  async function restingBuy(option: KiteInstrument) {
    const offer = (await quoteOf(option)).depth.sell[0].price as number;
    const limit = Math.floor(offer * 0.997 * 20) / 20;
    const placed = await kitePost(
      sandbox,
      '/orders/regular',
      token,
      orderFields(option, { order_type: 'LIMIT', price: limit }),
    );
    expect(placed.status).toBe(200);
    expect((await lastState(placed.body.data.order_id)).status).toBe('OPEN');
    return { orderId: placed.body.data.order_id as string, limit };
  }

  /** Moves the clock on `stepMs` at a time (up to `untilMs`) to the first step whose offer is within `limit`. */
  async function untilOfferReaches(
    option: KiteInstrument,
    limit: number,
    untilMs: number,
    stepMs = 5000,
  ): Promise<boolean> {
    for (let at = clock.now() + stepMs; at <= untilMs; at += stepMs) {
      clock.set(at);
      if (((await quoteOf(option)).depth.sell[0].price as number) <= limit) return true;
    }
    return false;
  }

  it('fills a resting order when the offer comes to it in the session, and not after 15:30 IST', async () => {
    const option = await atmOption();
    clock.set(istAt('14:30:00'));
    const during = await restingBuy(option);
    expect(await untilOfferReaches(option, during.limit, istAt('15:29:00'))).toBe(true);
    expect(await lastState(during.orderId)).toMatchObject({ status: 'COMPLETE', filled_quantity: option.lotSize });

    clock.set(istAt('15:29:59'));
    const atClose = await restingBuy(option);
    const closing = await quoteOf(option);
    // After the close the quote stands still, as Kite's does: the offer never comes to the order's limit...
    expect(await untilOfferReaches(option, atClose.limit, istAt('17:30:00'), 60_000)).toBe(false);
    expect(await quoteOf(option)).toMatchObject({ last_price: closing.last_price, depth: closing.depth });
    // ...and the exchange is shut: nothing trades.
    expect(await lastState(atClose.orderId)).toMatchObject({ status: 'OPEN', filled_quantity: 0 });
  });
});
