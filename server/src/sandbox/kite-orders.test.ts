// Placing Kite orders in the sandbox: market hours, market protection and tags (refusals, thin books: own files).
import { toPaise } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { orderFields, useKiteOrdersSandbox } from '../../test/kite-orders-sandbox.js';
import { kiteGet, kitePost } from '../../test/sandbox-helpers.js';
import { MARKET_CLOSED_MESSAGE } from './market-hours.js';
import { MARKET_PROTECTION_REQUIRED } from './market-protection.js';

const k = useKiteOrdersSandbox();

describe('market hours', () => {
  it('refuses a NIFTY order after 15:30 IST at once, and takes it again at the next open', async () => {
    const option = await k.atmOption();
    const istAt = (time: string, day = '2025-12-09') => Date.parse(`${day}T${time}+05:30`);
    k.clock.set(istAt('16:00:00'));
    const closed = await kitePost(k.sandbox, '/orders/regular', k.token, orderFields(option));
    expect([closed.status, closed.body.error_type, closed.body.message]).toEqual([
      400,
      'InputException',
      MARKET_CLOSED_MESSAGE,
    ]);
    expect(k.sandbox.control.orders()).toEqual([]); // refused, not placed and rejected
    k.clock.set(istAt('09:15:00', '2025-12-10'));
    k.token = k.sandbox.control.issueKiteAccessToken('AB1234'); // the evening's k.token died at 06:00 IST
    const open = await kitePost(k.sandbox, '/orders/regular', k.token, orderFields(option));
    expect(open.status).toBe(200);
  });
});

describe('market protection', () => {
  it("refuses MARKET orders without protection (or with 0) in Kite's words, and bad values", async () => {
    const option = await k.atmOption();
    for (const protection of [undefined, 0]) {
      const fields = orderFields(option);
      if (protection === undefined) delete (fields as Partial<typeof fields>).market_protection;
      else fields.market_protection = protection;
      const res = await kitePost(k.sandbox, '/orders/regular', k.token, fields);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: 'error',
        message: MARKET_PROTECTION_REQUIRED,
        data: null,
        error_type: 'InputException',
      });
    }
    const bad = await kitePost(
      k.sandbox,
      '/orders/regular',
      k.token,
      orderFields(option, { market_protection: 'True' }),
    );
    expect(bad.body.message).toBe('Invalid request (failed to decode market_protection, got: True (expected decimal))');
    const tooMuch = await kitePost(
      k.sandbox,
      '/orders/regular',
      k.token,
      orderFields(option, { market_protection: 150 }),
    );
    expect(tooMuch.body.error_type).toBe('InputException');
    expect((await kiteGet(k.sandbox, '/orders', k.token)).body.data).toEqual([]);
  });

  it('turns a protected MARKET order into a LIMIT at the bound, tagged mktp, filled from the offers', async () => {
    const option = await k.atmOption();
    const quote = await k.quoteOf(option);
    const last = toPaise(quote.last_price);
    const placed = await kitePost(k.sandbox, '/orders/regular', k.token, orderFields(option, { market_protection: 2 }));
    expect(placed.status).toBe(200);
    const order = await k.lastState(placed.body.data.order_id);
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
    const sell = await kitePost(
      k.sandbox,
      '/orders/regular',
      k.token,
      orderFields(option, { transaction_type: 'SELL' }),
    );
    const sold = await k.lastState(sell.body.data.order_id);
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
        const option = await k.atmOption(name, expiry, type);
        for (const [side, lots] of [
          ['BUY', 1],
          ['SELL', 2],
        ] as const) {
          const fields = orderFields(option, { transaction_type: side, quantity: option.lotSize * lots });
          const placed = await kitePost(k.sandbox, '/orders/regular', k.token, fields);
          expect((await k.lastState(placed.body.data.order_id)).status).toBe('COMPLETE');
        }
      }
    }
  });
});

describe('tags', () => {
  it('places every order of a repeated tag, like Kite, and refuses tags over 20 characters', async () => {
    const option = await k.atmOption();
    const fields = orderFields(option, { transaction_type: 'SELL', product: 'MIS', tag: 'retry-me' });
    const first = await kitePost(k.sandbox, '/orders/regular', k.token, fields);
    k.clock.advance(5_000);
    const second = await kitePost(k.sandbox, '/orders/regular', k.token, fields);
    expect(second.status).toBe(200);
    expect(second.body.data.order_id).not.toBe(first.body.data.order_id);
    const orders = (await kiteGet(k.sandbox, '/orders', k.token)).body.data;
    expect(orders.map((o: { tag: string; status: string }) => [o.tag, o.status])).toEqual([
      ['retry-me', 'COMPLETE'],
      ['retry-me', 'COMPLETE'],
    ]);
    const long = await kitePost(k.sandbox, '/orders/regular', k.token, { ...fields, tag: 'x'.repeat(21) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error_type: 'InputException', message: expect.stringMatching(/20 characters/) });
  });

  it('keeps an order placed when its reply is lost; a retry places a second one', async () => {
    const option = await k.atmOption();
    const fields = orderFields(option, { tag: 'lostreply1' });
    k.sandbox.control.failNext('kite.orders', 1, 'drop-after');
    await expect(kitePost(k.sandbox, '/orders/regular', k.token, fields)).rejects.toThrow();
    const found = (await kiteGet(k.sandbox, '/orders', k.token)).body.data;
    expect(found.map((o: { tag: string; status: string }) => [o.tag, o.status])).toEqual([['lostreply1', 'COMPLETE']]);
    await kitePost(k.sandbox, '/orders/regular', k.token, fields);
    expect((await kiteGet(k.sandbox, '/orders', k.token)).body.data).toHaveLength(2);
  });
});
