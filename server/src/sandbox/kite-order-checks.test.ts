// The sandbox's refusals of a Kite order before it is placed: bad fields, freeze and autoslice, the rate limit.
import { describe, expect, it } from 'vitest';
import { NIFTY_LOT, NIFTY_SLICE, orderFields, useKiteOrdersSandbox } from '../../test/kite-orders-sandbox.js';
import { kiteGet, kitePost } from '../../test/sandbox-helpers.js';

const k = useKiteOrdersSandbox();

describe('order checks', () => {
  it('refuses bad orders with Kite error envelopes', async () => {
    const option = await k.atmOption();
    const base = orderFields(option);
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ ...base, quantity: 50 }, new RegExp(`lot size ${NIFTY_LOT}`)],
      [{ ...base, tradingsymbol: 'NIFTY 50', exchange: 'NSE' }, /index/],
      [{ ...base, tradingsymbol: 'NOPE' }, /tradingsymbol/],
      [{ ...base, order_type: 'SL' }, /order_type/],
      [{ ...base, order_type: 'LIMIT', price: '10.03' }, /price/],
    ];
    for (const [fields, message] of cases) {
      const res = await kitePost(k.sandbox, '/orders/regular', k.token, fields);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        status: 'error',
        error_type: 'InputException',
        message: expect.stringMatching(message),
      });
    }
    expect((await kitePost(k.sandbox, '/orders/amo', k.token, base)).body.error_type).toBe('InputException');
    expect((await fetch(`${k.sandbox.urls.kiteApi}/orders/regular`, { method: 'POST' })).status).toBe(403);
  });

  it('refuses orders above the freeze quantity, and slices them with autoslice', async () => {
    const option = await k.atmOption();
    const big = orderFields(option, { quantity: 70 * NIFTY_LOT });
    const refused = await kitePost(k.sandbox, '/orders/regular', k.token, big);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/freeze quantity of 1800 for NIFTY/);
    const sliced = await kitePost(k.sandbox, '/orders/regular', k.token, { ...big, autoslice: 'true', tag: 'big1' });
    expect(sliced.status).toBe(200);
    const { order_id: parentId, children } = sliced.body.data;
    expect(children).toHaveLength(3);
    const orders = (await kiteGet(k.sandbox, '/orders', k.token)).body.data;
    expect(orders.map((o: { order_id: string }) => o.order_id)).toEqual(
      children.map((c: { order_id: string }) => c.order_id),
    );
    expect(orders.map((o: { quantity: number }) => o.quantity)).toEqual([NIFTY_SLICE, NIFTY_SLICE, 16 * NIFTY_LOT]);
    expect(orders[0].tags).toEqual(['big1', 'mktp', 'mktp:3.00', 'autoslice', `autoslice:${parentId}`]);
    expect((await kiteGet(k.sandbox, `/orders/${parentId}`, k.token)).status).toBe(400);
    const tooMany = await kitePost(k.sandbox, '/orders/regular', k.token, {
      ...big,
      quantity: NIFTY_SLICE * 10 + NIFTY_LOT,
      autoslice: 'true',
    });
    expect(tooMany.body.message).toMatch(/11 slices/);
    const small = await kitePost(k.sandbox, '/orders/regular', k.token, {
      ...big,
      quantity: NIFTY_LOT,
      autoslice: 'true',
    });
    expect(small.body.message).toBe(
      `Quantity should be greater than or equal to ${NIFTY_SLICE + NIFTY_LOT} for order slicing.`,
    );
  });
});

describe('order rate limit', () => {
  it('answers the 11th order request of a second with 429, per user', async () => {
    await k.restart({ rateLimitClock: () => 0 });
    const option = await k.atmOption();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await kitePost(k.sandbox, '/orders/regular', k.token, orderFields(option))).status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    const limited = await kitePost(k.sandbox, '/orders/regular', k.token, orderFields(option));
    expect(limited.body).toEqual({
      status: 'error',
      message: 'Too many requests',
      data: null,
      error_type: 'NetworkException',
    });
    // Reads have their own budget, and another user has their own orders budget.
    expect((await kiteGet(k.sandbox, '/orders', k.token)).body.data).toHaveLength(10);
    const other = k.sandbox.control.issueKiteAccessToken('CD5678');
    expect((await kitePost(k.sandbox, '/orders/regular', other, orderFields(option))).status).toBe(200);
  });
});
