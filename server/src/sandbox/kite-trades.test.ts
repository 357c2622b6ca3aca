import { toPaise } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseKiteInstrumentsCsv, type KiteInstrument } from '../protocols/kite-instruments-csv.js';
import { kiteAuth, kiteGet, kitePost, startTestSandbox } from '../../test/sandbox-helpers.js';
import type { SandboxExchange } from './sandbox-exchange.js';

/*
 * Kite's trades as the sandbox reports them (issue 28): the console books a live order as its trades, so each
 * level an order takes must come back as a trade of its own, at that level's price in whole paise.
 */

let sandbox: SandboxExchange;
let token: string;

beforeEach(async () => {
  ({ sandbox } = await startTestSandbox());
  token = sandbox.control.issueKiteAccessToken('TR1234');
});
afterEach(async () => {
  await sandbox.close();
});

async function atmCall(): Promise<KiteInstrument> {
  const rows = parseKiteInstrumentsCsv(await (await fetch(`${sandbox.urls.kiteApi}/instruments/NFO`)).text());
  const spot = (await kiteGet(sandbox, '/quote/ltp?i=NSE:NIFTY%2050', token)).body.data['NSE:NIFTY 50']
    .last_price as number;
  const chain = rows.filter((r) => r.name === 'NIFTY' && r.expiry === '2025-12-16' && r.instrumentType === 'CE');
  chain.sort((a, b) => Math.abs(a.strike - spot) - Math.abs(b.strike - spot));
  if (!chain[0]) throw new Error('no NIFTY call listed');
  return chain[0];
}

interface Trade {
  trade_id: string;
  order_id: string;
  quantity: number;
  average_price: number;
  transaction_type: string;
}

const paise = (rupees: number) => toPaise(rupees);

describe('GET /orders/{id}/trades', () => {
  it('lists a partly filled sell as one trade per bid level taken, each at its price in whole paise', async () => {
    const option = await atmCall();
    const key = `NFO:${option.tradingsymbol}`;
    const bids = (await kiteGet(sandbox, `/quote?i=${key}`, token)).body.data[key].depth.buy as Array<{
      price: number;
      quantity: number;
    }>;
    const [best, second] = bids;
    if (!best || !second) throw new Error('no depth');
    // A sell down to the second bid, a lot more than both levels hold: two levels trade, a lot rests.
    const quantity = best.quantity + second.quantity + option.lotSize;
    const placed = await kitePost(sandbox, '/orders/regular', token, {
      exchange: 'NFO',
      tradingsymbol: option.tradingsymbol,
      transaction_type: 'SELL',
      quantity,
      product: 'NRML',
      order_type: 'LIMIT',
      price: second.price,
    });
    const orderId = String(placed.body.data.order_id);
    const trades = (await kiteGet(sandbox, `/orders/${orderId}/trades`, token)).body.data as Trade[];
    expect(trades.map((t) => [t.quantity, paise(t.average_price)])).toEqual([
      [best.quantity, paise(best.price)],
      [second.quantity, paise(second.price)],
    ]);
    for (const t of trades) {
      expect(Math.abs(t.average_price * 100 - paise(t.average_price))).toBeLessThan(1e-6);
      expect(t).toMatchObject({ order_id: orderId, transaction_type: 'SELL' });
    }
    expect(new Set(trades.map((t) => t.trade_id)).size).toBe(2);

    // Cancelled, the filled part stays: the trades are what the position's value is made of, to the paisa.
    await fetch(`${sandbox.urls.kiteApi}/orders/regular/${orderId}`, {
      method: 'DELETE',
      headers: kiteAuth(sandbox, token),
    });
    const history = (await kiteGet(sandbox, `/orders/${orderId}`, token)).body.data as Array<{
      status: string;
      filled_quantity: number;
    }>;
    expect(history.at(-1)).toMatchObject({ status: 'CANCELLED', filled_quantity: best.quantity + second.quantity });
    const [position] = (await kiteGet(sandbox, '/portfolio/positions', token)).body.data.net as Array<{
      sell_value: number;
    }>;
    const tradeValue = trades.reduce((sum, t) => sum + t.quantity * paise(t.average_price), 0);
    expect(paise(position?.sell_value ?? 0)).toBe(tradeValue);
    expect((await kiteGet(sandbox, `/orders/${orderId}/trades`, token)).body.data).toEqual(trades);
  });

  it('can be made to fail alone (`kite.other.trades`), the order itself still readable', async () => {
    const option = await atmCall();
    const placed = await kitePost(sandbox, '/orders/regular', token, {
      exchange: 'NFO',
      tradingsymbol: option.tradingsymbol,
      transaction_type: 'SELL',
      quantity: option.lotSize,
      product: 'NRML',
      order_type: 'MARKET',
      market_protection: -1,
    });
    const orderId = String(placed.body.data.order_id);
    sandbox.control.failNext('kite.other.trades', 1, 'rate-limit');
    expect((await kiteGet(sandbox, `/orders/${orderId}`, token)).status).toBe(200);
    expect((await kiteGet(sandbox, `/orders/${orderId}/trades`, token)).status).toBe(429);
    expect((await kiteGet(sandbox, `/orders/${orderId}/trades`, token)).body.data).toHaveLength(1);
  });
});
