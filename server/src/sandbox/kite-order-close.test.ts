// A resting Kite order around the 15:30 IST close: it fills in the session, and nothing trades after it.
import { beforeEach, describe, expect, it } from 'vitest';
import type { KiteInstrument } from '../protocols/kite-instruments-csv.js';
import { orderFields, useKiteOrdersSandbox } from '../../test/kite-orders-sandbox.js';
import { kitePost } from '../../test/sandbox-helpers.js';

const k = useKiteOrdersSandbox();

describe('the close', () => {
  const istAt = (time: string) => Date.parse(`2025-12-09T${time}+05:30`);
  // These tests follow the price step by step: more quotes a second than Kite's 10.
  beforeEach(async () => {
    await k.restart({ rateLimits: { kiteQuote: 100_000 } });
  });

  /** A BUY LIMIT a little under the offer, so it rests; returns its id and limit (rupees). */
  async function restingBuy(option: KiteInstrument) {
    const offer = (await k.quoteOf(option)).depth.sell[0].price as number;
    const limit = Math.floor(offer * 0.997 * 20) / 20;
    const placed = await kitePost(
      k.sandbox,
      '/orders/regular',
      k.token,
      orderFields(option, { order_type: 'LIMIT', price: limit }),
    );
    expect(placed.status).toBe(200);
    expect((await k.lastState(placed.body.data.order_id)).status).toBe('OPEN');
    return { orderId: placed.body.data.order_id as string, limit };
  }

  /** Moves the k.clock on `stepMs` at a time (up to `untilMs`) to the first step whose offer is within `limit`. */
  async function untilOfferReaches(
    option: KiteInstrument,
    limit: number,
    untilMs: number,
    stepMs = 5000,
  ): Promise<boolean> {
    for (let at = k.clock.now() + stepMs; at <= untilMs; at += stepMs) {
      k.clock.set(at);
      if (((await k.quoteOf(option)).depth.sell[0].price as number) <= limit) return true;
    }
    return false;
  }

  it('fills a resting order when the offer comes to it in the session, and not after 15:30 IST', async () => {
    const option = await k.atmOption();
    k.clock.set(istAt('14:30:00'));
    const during = await restingBuy(option);
    expect(await untilOfferReaches(option, during.limit, istAt('15:29:00'))).toBe(true);
    expect(await k.lastState(during.orderId)).toMatchObject({ status: 'COMPLETE', filled_quantity: option.lotSize });

    k.clock.set(istAt('15:29:59'));
    const atClose = await restingBuy(option);
    const closing = await k.quoteOf(option);
    // After the close the quote stands still, as Kite's does: the offer never comes to the order's limit...
    expect(await untilOfferReaches(option, atClose.limit, istAt('17:30:00'), 60_000)).toBe(false);
    expect(await k.quoteOf(option)).toMatchObject({ last_price: closing.last_price, depth: closing.depth });
    // ...and the exchange is shut: nothing trades.
    expect(await k.lastState(atClose.orderId)).toMatchObject({ status: 'OPEN', filled_quantity: 0 });
  });
});
