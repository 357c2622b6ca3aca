import { KiteConnect, KiteTicker, type Connect, type Tick, type Ticker, type UserMargin } from 'kiteconnect';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { form, jsonOf, startTestSandbox } from '../../test/sandbox-helpers.js';
import type { SandboxExchange } from './sandbox-exchange.js';

/*
 * The sandbox driven by Zerodha's own client, kiteconnect (KiteConnect and KiteTicker), as a trader's
 * script would drive Kite: every call answers as Kite does, none with "Route not found", and every
 * instrument token reaches the ticker's client positive.
 */

let sandbox: SandboxExchange;

afterEach(async () => {
  await sandbox.close();
});

/** The login pages up to the redirect, as a browser goes through them; returns the request_token. */
async function requestToken(userId: string): Promise<string> {
  const { kiteLogin } = sandbox.urls;
  const { kiteApiKey, userPassword } = sandbox.credentials;
  const login = await fetch(`${kiteLogin}/api/login`, {
    method: 'POST',
    ...form({ user_id: userId, password: userPassword }),
  });
  const requestId = String((await jsonOf(login)).data.request_id);
  const code = sandbox.control.totpCode();
  const twofa = await fetch(`${kiteLogin}/api/twofa`, {
    method: 'POST',
    ...form({ user_id: userId, request_id: requestId, twofa_value: code, twofa_type: 'totp' }),
  });
  const cookie = (twofa.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const connect = await fetch(`${kiteLogin}/connect/login?api_key=${kiteApiKey}&v=3`, {
    headers: { Cookie: cookie },
    redirect: 'manual',
  });
  return new URL(connect.headers.get('location') ?? 'http://x/').searchParams.get('request_token') ?? '';
}

/** A KiteConnect logged in as `userId` through generateSession. */
async function loggedIn(userId: string): Promise<{ kc: Connect; accessToken: string }> {
  const kc = new KiteConnect({ api_key: sandbox.credentials.kiteApiKey, root: sandbox.urls.kiteApi });
  const session = await kc.generateSession(await requestToken(userId), sandbox.credentials.kiteApiSecret);
  return { kc, accessToken: session.access_token };
}

/** `getMargins('equity')`: one segment (kiteconnect's typings wrap it as if it were both). */
const equityOf = async (kc: Connect) => (await kc.getMargins('equity')) as unknown as UserMargin;

/** A KiteTicker on the sandbox (KiteTickerParams omits `root`, which the ticker honours: PROTOCOLS.md §5). */
function tickerFor(accessToken: string): Ticker {
  const params = {
    api_key: sandbox.credentials.kiteApiKey,
    access_token: accessToken,
    root: `${sandbox.urls.kiteWs}/`,
    // With reconnection on, disconnect() ends in process.exit inside kiteconnect.
    reconnect: false,
  };
  return new KiteTicker(params);
}

describe('kiteconnect against the sandbox', () => {
  beforeEach(async () => {
    ({ sandbox } = await startTestSandbox());
  });

  it('answers every call of a trader script as Kite does, tokens positive on the ticker', async () => {
    const { kc, accessToken } = await loggedIn('AB1234');
    expect((await kc.getProfile()).user_id).toBe('AB1234');

    // Instruments: every token below 2^31 and distinct; the NIFTY call nearest the money, next week.
    // kiteconnect reads the dump's closing line break as one empty row, from Kite's dump too.
    const nfo = (await kc.getInstruments('NFO')).filter((i) => i.tradingsymbol);
    const tokens = nfo.map((i) => Number(i.instrument_token));
    expect(tokens.every((t) => t > 0 && t < 2 ** 31)).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
    const spot = (await kc.getLTP(['NSE:NIFTY 50']))['NSE:NIFTY 50']?.last_price ?? 0;
    const calls = nfo
      .filter((i) => i.name === 'NIFTY' && i.instrument_type === 'CE' && String(i.expiry).startsWith('Tue Dec 16'))
      .sort((a, b) => Math.abs(a.strike - spot) - Math.abs(b.strike - spot));
    const [atm] = calls;
    const hedge = calls.find((c) => c.strike === (atm?.strike ?? 0) + 500);
    if (!atm || !hedge) throw new Error('no NIFTY calls listed');
    const atmToken = Number(atm.instrument_token);
    const symbol = `NFO:${atm.tradingsymbol}`;

    // Quotes and history.
    const quote = (await kc.getQuote([symbol]))[symbol];
    expect(quote?.instrument_token).toBe(atmToken);
    expect(quote?.depth.buy).toHaveLength(5);
    expect((await kc.getOHLC([symbol]))[symbol]?.ohlc.open).toBeGreaterThan(0);
    const candles = await kc.getHistoricalData(atmToken, 'minute', '2025-12-09 09:15:00', '2025-12-09 09:59:00');
    expect(candles).toHaveLength(45);

    // The ticker: full mode, the option's own (positive) token, and the account's order updates.
    const ticker = tickerFor(accessToken);
    const ticks: Tick[] = [];
    const updates: { status: string; order_id: string }[] = [];
    ticker.on('ticks', (batch: Tick[]) => ticks.push(...batch));
    ticker.on('order_update', (order: { status: string; order_id: string }) => updates.push(order));
    ticker.on('connect', () => {
      ticker.subscribe([atmToken]);
      ticker.setMode(ticker.modeFull, [atmToken]);
    });
    ticker.connect();
    try {
      await vi.waitFor(() => expect(ticks.some((t) => t.mode === 'full')).toBe(true), { timeout: 5000 });
      const full = ticks.find((t) => t.mode === 'full');
      expect(full?.instrument_token).toBe(atmToken);
      await vi.waitFor(() => expect(sandbox.control.kiteTickerUsers()).toContain('AB1234'), { timeout: 5000 });

      // Funds before trading: a crore of cash, nothing used.
      const before = await kc.getMargins();
      expect(before.equity).toMatchObject({ enabled: true, net: 1_00_00_000, available: { cash: 1_00_00_000 } });
      expect((await equityOf(kc)).utilised.span).toBe(0);

      // What selling the call would block, alone and hedged by a call 500 points higher.
      const sell = {
        exchange: 'NFO',
        tradingsymbol: atm.tradingsymbol,
        transaction_type: 'SELL',
        variety: 'regular',
        product: 'NRML',
        order_type: 'MARKET',
        quantity: atm.lot_size,
        price: 0,
        trigger_price: 0,
      };
      const buyHedge = { ...sell, tradingsymbol: hedge.tradingsymbol, transaction_type: 'BUY' };
      const [alone] = await kc.orderMargins([sell as never]);
      expect(alone?.span).toBeGreaterThan(0);
      expect(alone?.exposure).toBeGreaterThan(0);
      expect(alone?.total).toBeCloseTo((alone?.span ?? 0) + (alone?.exposure ?? 0), 2);
      expect(alone?.charges.brokerage).toBe(20);
      const basket = await kc.orderBasketMargins([sell, buyHedge] as never[], true);
      expect(basket.orders).toHaveLength(2);
      expect(basket.final.total).toBeLessThan(basket.initial.total);

      // A 27-lot sell takes more than the best bid (at most 20 lots): one order, several trades.
      const placed = await kc.placeOrder('regular', {
        exchange: 'NFO',
        tradingsymbol: atm.tradingsymbol,
        transaction_type: 'SELL',
        quantity: 27 * atm.lot_size,
        product: 'NRML',
        order_type: 'MARKET',
        market_protection: -1,
      } as never);
      const orderId = String(placed.order_id);
      const history = await kc.getOrderHistory(orderId);
      expect(history.at(-1)).toMatchObject({ status: 'COMPLETE', filled_quantity: 27 * atm.lot_size });
      const fills = await kc.getOrderTrades(orderId);
      expect(fills.length).toBeGreaterThanOrEqual(2);
      expect(fills.reduce((sum, f) => sum + f.quantity, 0)).toBe(27 * atm.lot_size);
      expect(new Set(fills.map((f) => f.average_price)).size).toBe(fills.length);
      expect(fills[0]).toMatchObject({ order_id: orderId, instrument_token: atmToken, transaction_type: 'SELL' });
      expect((await kc.getTrades()).map((f) => f.trade_id)).toEqual(fills.map((f) => f.trade_id));
      const [note] = await kc.getvirtualContractNote([
        { ...sell, order_id: orderId, quantity: 27 * atm.lot_size, average_price: history.at(-1)?.average_price ?? 0 },
      ] as never[]);
      expect(note?.charges.transaction_tax).toBeGreaterThan(0);
      expect(note?.charges.brokerage).toBe(20);

      // A resting buy far under the market: modified, then cancelled.
      const resting = await kc.placeOrder('regular', {
        exchange: 'NFO',
        tradingsymbol: hedge.tradingsymbol,
        transaction_type: 'BUY',
        quantity: hedge.lot_size,
        product: 'NRML',
        order_type: 'LIMIT',
        price: 0.05,
      } as never);
      await kc.modifyOrder('regular', resting.order_id, { price: 0.1 });
      await kc.cancelOrder('regular', resting.order_id);
      const orders = await kc.getOrders();
      expect(orders.map((o) => o.status)).toEqual(['COMPLETE', 'CANCELLED']);
      await vi.waitFor(() =>
        expect(updates.filter((u) => u.order_id === String(resting.order_id)).map((u) => u.status)).toEqual([
          'OPEN',
          'UPDATE',
          'CANCELLED',
        ]),
      );
      expect(updates.some((u) => u.order_id === orderId && u.status === 'COMPLETE')).toBe(true);

      // Positions, holdings and the margin the short now uses.
      const { net } = await kc.getPositions();
      expect(net).toMatchObject([{ tradingsymbol: atm.tradingsymbol, quantity: -27 * atm.lot_size }]);
      expect(await kc.getHoldings()).toEqual([]);
      const after = await equityOf(kc);
      expect(after.utilised.span).toBeGreaterThan(20 * (alone?.span ?? 0));
      expect(after.net).toBeCloseTo(after.available.cash - after.utilised.debits, 2);
      expect(after.net).toBeLessThan((before.equity?.net ?? 0) - after.utilised.span);
    } finally {
      ticker.disconnect();
    }
  });
});

describe('an account the margin cannot carry', () => {
  beforeEach(async () => {
    // ₹1,00,000 of cash: enough for a lot's premium, not for a short NIFTY lot's SPAN.
    ({ sandbox } = await startTestSandbox({ fundsPaise: 1_00_000_00 }));
  });

  it("rejects the short sale with Kite's words and takes the covered purchase", async () => {
    const { kc } = await loggedIn('AB1234');
    const nfo = await kc.getInstruments('NFO');
    const spot = (await kc.getLTP(['NSE:NIFTY 50']))['NSE:NIFTY 50']?.last_price ?? 0;
    const [atm] = nfo
      .filter((i) => i.name === 'NIFTY' && i.instrument_type === 'PE' && String(i.expiry).startsWith('Tue Dec 16'))
      .sort((a, b) => Math.abs(a.strike - spot) - Math.abs(b.strike - spot));
    if (!atm) throw new Error('no NIFTY put listed');
    const order = {
      exchange: 'NFO',
      tradingsymbol: atm.tradingsymbol,
      quantity: atm.lot_size,
      product: 'NRML',
      order_type: 'MARKET',
      market_protection: -1,
    };

    const sold = await kc.placeOrder('regular', { ...order, transaction_type: 'SELL' } as never);
    const [rejected] = (await kc.getOrderHistory(sold.order_id)).slice(-1);
    expect(rejected?.status).toBe('REJECTED');
    expect(rejected?.status_message).toMatch(
      /^Insufficient funds\. Required margin is \d+\.\d\d but available margin is 100000\.00\. Check the orderbook for open orders\.$/,
    );
    expect(rejected?.status_message_raw).toMatch(
      /^RMS:Margin Exceeds,Required:\d+\.\d\d, Available:100000\.00 for entity account-AB1234/,
    );

    const bought = await kc.placeOrder('regular', { ...order, transaction_type: 'BUY' } as never);
    const [filled] = (await kc.getOrderHistory(bought.order_id)).slice(-1);
    expect(filled?.status).toBe('COMPLETE');
    const paid = (filled?.average_price ?? 0) * atm.lot_size;
    const margins = await equityOf(kc);
    expect(margins.utilised.option_premium).toBeCloseTo(paid, 2);
    expect(margins.net).toBeCloseTo(100_000 - paid, 2);
    expect(margins.utilised.span).toBe(0);
  });
});
