// A Kite order larger than the depth within its limit: partial fills over steps, then cancel or modify what rests.
import { describe, expect, it } from 'vitest';
import { NIFTY_LOT, orderFields, useKiteOrdersSandbox } from '../../test/kite-orders-sandbox.js';
import { kiteGet, kitePost } from '../../test/sandbox-helpers.js';
import { MARKET_PROTECTION_REQUIRED } from './market-protection.js';

const k = useKiteOrdersSandbox();

describe('thin books', () => {
  /** A LIMIT one level deep, one lot more than that level holds: it fills in part now and the rest later. */
  async function partialRun(): Promise<{ orderId: string; seen: [string, number][] }> {
    const option = await k.atmOption();
    const quote = await k.quoteOf(option);
    const top = quote.depth.sell[0];
    const fields = orderFields(option, {
      order_type: 'LIMIT',
      price: top.price,
      quantity: top.quantity + option.lotSize,
    });
    const placed = await kitePost(k.sandbox, '/orders/regular', k.token, fields);
    const seen: [string, number][] = [];
    for (let step = 0; step < 120; step++) {
      const state = await k.lastState(placed.body.data.order_id);
      seen.push([state.status, state.filled_quantity]);
      expect(state.pending_quantity).toBe(state.status === 'OPEN' ? state.quantity - state.filled_quantity : 0);
      if (state.status !== 'OPEN') break;
      k.clock.advance(1000);
    }
    return { orderId: placed.body.data.order_id, seen };
  }

  it('fills what the depth within the limit allows, keeps the rest OPEN, and completes over later steps', async () => {
    const option = await k.atmOption();
    const top = (await k.quoteOf(option)).depth.sell[0];
    const { seen } = await partialRun();
    expect(seen[0]).toEqual(['OPEN', top.quantity]);
    expect(seen.at(-1)).toEqual(['COMPLETE', top.quantity + option.lotSize]);
    // The same seed and the same steps give the same fills.
    const first = seen;
    await k.restart();
    expect((await partialRun()).seen).toEqual(first);
  });

  it('cancels the rest of a partly filled order and keeps the filled part in positions', async () => {
    const option = await k.atmOption();
    const top = (await k.quoteOf(option)).depth.sell[0];
    const placed = await kitePost(
      k.sandbox,
      '/orders/regular',
      k.token,
      orderFields(option, { order_type: 'LIMIT', price: top.price, quantity: top.quantity + option.lotSize }),
    );
    const orderId = placed.body.data.order_id;
    const cancel = await k.send('DELETE', `/orders/regular/${orderId}`);
    expect(cancel).toMatchObject({ status: 200, body: { data: { order_id: orderId } } });
    expect(await k.lastState(orderId)).toMatchObject({
      status: 'CANCELLED',
      filled_quantity: top.quantity,
      pending_quantity: 0,
      cancelled_quantity: option.lotSize,
      average_price: top.price,
    });
    const positions = (await kiteGet(k.sandbox, '/portfolio/positions', k.token)).body.data;
    expect(positions.net[0]).toMatchObject({ tradingsymbol: option.tradingsymbol, quantity: top.quantity });
    expect((await k.send('DELETE', `/orders/regular/${orderId}`)).body.error_type).toBe('OrderException');
  });

  it('modifies the price, quantity and type of an OPEN order', async () => {
    const option = await k.atmOption();
    const placed = await kitePost(
      k.sandbox,
      '/orders/regular',
      k.token,
      orderFields(option, { order_type: 'LIMIT', price: 0.05 }),
    );
    const orderId = placed.body.data.order_id;
    expect((await k.lastState(orderId)).status).toBe('OPEN');
    const twoLots = 2 * NIFTY_LOT;
    const repriced = await k.send('PUT', `/orders/regular/${orderId}`, { price: 0.1, quantity: twoLots });
    expect(repriced).toMatchObject({ status: 200, body: { data: { order_id: orderId } } });
    expect(await k.lastState(orderId)).toMatchObject({ status: 'OPEN', price: 0.1, quantity: twoLots, modified: true });
    const toMarket = await k.send('PUT', `/orders/regular/${orderId}`, { order_type: 'MARKET' });
    expect(toMarket.body.message).toBe(MARKET_PROTECTION_REQUIRED);
    await k.send('PUT', `/orders/regular/${orderId}`, { order_type: 'MARKET', market_protection: -1 });
    const history = (await kiteGet(k.sandbox, `/orders/${orderId}`, k.token)).body.data;
    expect(history.map((h: { status: string }) => h.status)).toContain('MODIFIED');
    expect(history.at(-1)).toMatchObject({ status: 'COMPLETE', order_type: 'LIMIT', filled_quantity: twoLots });
    expect((await k.send('PUT', `/orders/regular/${orderId}`, { price: 1 })).body.error_type).toBe('OrderException');
  });
});
