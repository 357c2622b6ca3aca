import { KiteTicker, type Tick } from 'kiteconnect';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { parseKiteInstrumentsCsv } from '../protocols/kite-instruments-csv.js';
import { parseKiteHistoricalData } from '../protocols/kite-rest.js';
import { formatKiteTickerCommand, parseKiteTextMessage, type KiteOrderUpdate } from '../protocols/kite-ticker-text.js';
import { decodeKiteTickerMessage, type KiteTick } from '../protocols/kite-ticker.js';
import {
  form,
  kiteAuth,
  kiteGet,
  kitePost,
  nextMessage,
  openSocket,
  startTestSandbox,
  TEST_START_MS,
  type ManualClock,
} from '../../test/sandbox-helpers.js';
import type { SandboxExchange } from './sandbox-exchange.js';

/** BANKNIFTY's lot (NSE, from the January 2026 expiries); its contracts are monthly, here December's. */
const BANKNIFTY_LOT = 30;

let sandbox: SandboxExchange;
let clock: ManualClock;
let token: string;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  ({ sandbox, clock } = await startTestSandbox({ heartbeatMs: 40 }));
  token = sandbox.control.issueKiteAccessToken('AB1234');
});
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await sandbox.close();
});

const connect = async (accessToken = token) => {
  const ws = await openSocket(
    `${sandbox.urls.kiteWs}?api_key=${sandbox.credentials.kiteApiKey}&access_token=${accessToken}`,
  );
  sockets.push(ws);
  return ws;
};
const nextTicks = (ws: WebSocket) =>
  nextMessage(ws, (data, isBinary) => (isBinary && data.byteLength > 1 ? decodeKiteTickerMessage(data) : undefined));

const optionToken = async () => {
  const csv = await (await fetch(`${sandbox.urls.kiteApi}/instruments/NFO`)).text();
  const row = parseKiteInstrumentsCsv(csv).find(
    (r) => r.name === 'NIFTY' && r.expiry === '2025-12-16' && r.instrumentType === 'PE',
  );
  return row?.instrumentToken ?? 0;
};

describe('Kite ticker WebSocket', () => {
  it('refuses a connection with a bad access token', async () => {
    await expect(connect('bad-token')).rejects.toThrow(/403/);
  });

  it('sends quote-mode ticks on subscribe, decodable by our decoder, matching the REST quote', async () => {
    const ws = await connect();
    const option = await optionToken();
    const first = nextTicks(ws);
    ws.send(formatKiteTickerCommand({ a: 'subscribe', v: [256265, option] }));
    const ticks = await first;
    const index = ticks.find((t) => t.instrumentToken === 256265) as KiteTick;
    const opt = ticks.find((t) => t.instrumentToken === option) as KiteTick;
    expect(index).toMatchObject({ mode: 'quote', isIndex: true, isTradable: false });
    expect(opt).toMatchObject({ mode: 'quote', isIndex: false, isTradable: true });
    const rest = (await kiteGet(sandbox, `/quote?i=256265&i=${option}`, token)).body.data;
    expect(index.lastPrice).toBe(rest['256265'].last_price);
    expect(index.close).toBe(rest['256265'].ohlc.close);
    expect(opt.lastPrice).toBe(rest[String(option)].last_price);
    expect(opt.volume).toBe(rest[String(option)].volume);
  });

  it('switches modes: ltp gives 8-byte packets, full gives index-full and depth', async () => {
    const ws = await connect();
    const option = await optionToken();
    ws.send(formatKiteTickerCommand({ a: 'subscribe', v: [256265, option] }));
    await nextTicks(ws);
    const full = nextTicks(ws);
    ws.send(formatKiteTickerCommand({ a: 'mode', v: ['full', [256265, option]] }));
    const fullTicks = await full;
    expect(fullTicks.map((t) => t.mode)).toEqual(['full', 'full']);
    const optionTick = fullTicks.find((t) => !t.isIndex) as KiteTick;
    expect(optionTick.depth?.buy).toHaveLength(5);
    expect(optionTick.exchangeTimestamp).toBe(TEST_START_MS / 1000);
    const ltp = nextTicks(ws);
    ws.send(formatKiteTickerCommand({ a: 'mode', v: ['ltp', [256265]] }));
    expect((await ltp).map((t) => t.mode)).toEqual(['ltp']);
  });

  it('streams a tick for every price step as the clock moves, and stops after unsubscribe', async () => {
    const ws = await connect();
    // One listener from the start: messages that arrive together must not slip between two waits.
    const received: KiteTick[][] = [];
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary && data.byteLength > 1) received.push(decodeKiteTickerMessage(data).map((t) => ({ ...t })));
    });
    const until = async (check: () => boolean) => {
      if (!check()) await nextMessage(ws, () => (check() ? true : undefined));
    };
    ws.send(formatKiteTickerCommand({ a: 'subscribe', v: [256265] }));
    ws.send(formatKiteTickerCommand({ a: 'mode', v: ['full', [256265]] }));
    await until(() => received.some((m) => m[0]?.mode === 'full'));
    clock.advance(5_000);
    sandbox.control.pump();
    const start = TEST_START_MS / 1000;
    await until(() => received.flat().some((t) => t.exchangeTimestamp === start + 5));
    const stamps = received.flat().map((t) => t.exchangeTimestamp);
    expect(stamps.slice(-5)).toEqual([start + 1, start + 2, start + 3, start + 4, start + 5]);

    ws.send(formatKiteTickerCommand({ a: 'unsubscribe', v: [256265] }));
    ws.send(formatKiteTickerCommand({ a: 'subscribe', v: [99_000_073] }));
    await until(() => received.at(-1)?.[0]?.instrumentToken === 99_000_073);
    const mark = received.length;
    clock.advance(1_000);
    sandbox.control.pump();
    await until(() => received.length > mark);
    expect(
      received
        .slice(mark)
        .flat()
        .map((t) => t.instrumentToken),
    ).toEqual([99_000_073]);
  });

  it('sends 1-byte heartbeats while idle and can drop every connection', async () => {
    const ws = await connect();
    const beat = await nextMessage(ws, (data, isBinary) => (isBinary && data.byteLength === 1 ? data : undefined));
    expect(beat.byteLength).toBe(1);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    expect(sandbox.control.dropKiteTickerConnections()).toBe(1);
    expect(await closed).toBe(1006);
  });

  it('pushes order updates as {"type":"order"} text messages to the order owner', async () => {
    const ws = await connect();
    const csv = await (await fetch(`${sandbox.urls.kiteApi}/instruments/NFO`)).text();
    const row = parseKiteInstrumentsCsv(csv).find((r) => r.name === 'BANKNIFTY' && r.expiry === '2025-12-30');
    const update = nextMessage(ws, (data, isBinary) =>
      isBinary ? undefined : (parseKiteTextMessage(data.toString()) ?? undefined),
    );
    const placed = await kitePost(sandbox, '/orders/regular', token, {
      exchange: 'NFO',
      tradingsymbol: row?.tradingsymbol ?? '',
      transaction_type: 'BUY',
      quantity: BANKNIFTY_LOT,
      product: 'NRML',
      order_type: 'MARKET',
      market_protection: -1,
    });
    const message = await update;
    expect(message).toMatchObject({ type: 'order', data: { order_id: placed.body.data.order_id, status: 'COMPLETE' } });
  });
});

describe('order updates on the Kite ticker', () => {
  /** Every order update each socket receives, in order. */
  function recordUpdates(sockets: WebSocket[]) {
    const seen = sockets.map(() => [] as KiteOrderUpdate[]);
    sockets.forEach((ws, i) =>
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        const message = isBinary ? null : parseKiteTextMessage(data.toString());
        if (message?.type === 'order') seen[i]?.push(message.data);
      }),
    );
    return seen;
  }

  const banknifty = async () => {
    const csv = await (await fetch(`${sandbox.urls.kiteApi}/instruments/NFO`)).text();
    const row = parseKiteInstrumentsCsv(csv).find((r) => r.name === 'BANKNIFTY' && r.expiry === '2025-12-30');
    return row?.tradingsymbol ?? '';
  };
  const order = (symbol: string, fields: Record<string, string | number>) =>
    kitePost(sandbox, '/orders/regular', token, {
      exchange: 'NFO',
      tradingsymbol: symbol,
      transaction_type: 'BUY',
      quantity: BANKNIFTY_LOT,
      product: 'NRML',
      ...fields,
    });
  const send = (method: 'PUT' | 'DELETE', orderId: string, fields: Record<string, string | number> = {}) => {
    const f = form(fields);
    return fetch(`${sandbox.urls.kiteApi}/orders/regular/${orderId}`, {
      method,
      headers: { ...f.headers, ...kiteAuth(sandbox, token) },
      ...(method === 'PUT' ? { body: f.body } : {}),
    });
  };

  it("go once to each of the owner's connections, none to another user's", async () => {
    const stranger = await connect(sandbox.control.issueKiteAccessToken('CD5678'));
    const [first, second, other] = recordUpdates([await connect(), await connect(), stranger]);
    const symbol = await banknifty();
    const placed = await order(symbol, { order_type: 'LIMIT', price: 0.05 });
    const id = String(placed.body.data.order_id);
    await send('PUT', id, { price: 0.1 });
    await send('DELETE', id);
    const expected = [
      { order_id: id, status: 'OPEN', price: 0.05, pending_quantity: BANKNIFTY_LOT },
      { order_id: id, status: 'UPDATE', price: 0.1, pending_quantity: BANKNIFTY_LOT },
      { order_id: id, status: 'CANCELLED', cancelled_quantity: BANKNIFTY_LOT, pending_quantity: 0 },
    ];
    await vi.waitFor(() => expect(first).toMatchObject(expected));
    await vi.waitFor(() => expect(second).toMatchObject(expected));
    expect(other).toEqual([]);
  });

  it('stop with drop_ticker: what changed while a client was away is not sent when it reconnects', async () => {
    const symbol = await banknifty();
    const [before] = recordUpdates([await connect()]);
    const resting = String((await order(symbol, { order_type: 'LIMIT', price: 0.05 })).body.data.order_id);
    await vi.waitFor(() => expect(before?.map((u) => u.status)).toEqual(['OPEN']));
    expect(sandbox.control.dropKiteTickerConnections()).toBe(1);
    await send('DELETE', resting);
    const [after] = recordUpdates([await connect()]);
    const filled = await order(symbol, { order_type: 'MARKET', market_protection: -1 });
    await vi.waitFor(() => expect(after).toMatchObject([{ order_id: filled.body.data.order_id, status: 'COMPLETE' }]));
    expect(before?.map((u) => u.status)).toEqual(['OPEN']);
  });
});

describe('history equals the live stream', () => {
  /** Collects full-mode ticks of `instrument` over the next minute of sandbox time. */
  async function minuteOfTicks(instrument: number): Promise<KiteTick[]> {
    const ws = await connect();
    const ticks: KiteTick[] = [];
    const minuteEnd = TEST_START_MS / 1000 + 60;
    const done = nextMessage(ws, (data, isBinary) => {
      if (!isBinary || data.byteLength < 2) return undefined;
      for (const t of decodeKiteTickerMessage(data)) if (t.mode === 'full') ticks.push({ ...t });
      return ticks.some((t) => t.exchangeTimestamp >= minuteEnd) ? true : undefined;
    });
    ws.send(formatKiteTickerCommand({ a: 'subscribe', v: [instrument] }));
    ws.send(formatKiteTickerCommand({ a: 'mode', v: ['full', [instrument]] }));
    // Let the mode change land before the clock moves, so the minute's first second is in full mode.
    await nextMessage(ws, (data, isBinary) =>
      isBinary && data.byteLength > 1 && decodeKiteTickerMessage(data)[0]?.mode === 'full' ? true : undefined,
    );
    clock.advance(60_000);
    sandbox.control.pump();
    await done;
    return ticks.filter((t) => t.exchangeTimestamp < minuteEnd);
  }

  async function minuteCandle(instrument: number) {
    const path = `/instruments/historical/${instrument}/minute?from=2025-12-09 10:00:00&to=2025-12-09 10:00:00`;
    const [candle] = parseKiteHistoricalData((await kiteGet(sandbox, path, token)).body.data);
    return candle;
  }

  const aggregate = (ticks: KiteTick[]) => {
    const prices = ticks.map((t) => t.lastPricePaise);
    return { open: prices[0], high: Math.max(...prices), low: Math.min(...prices), close: prices.at(-1) };
  };

  it('for an index: the 10:00 minute candle equals the 60 streamed ticks aggregated', async () => {
    const ticks = await minuteOfTicks(256265);
    expect(new Set(ticks.map((t) => t.exchangeTimestamp)).size).toBe(60);
    const candle = await minuteCandle(256265);
    expect(aggregate(ticks)).toEqual({
      open: candle?.openPaise,
      high: candle?.highPaise,
      low: candle?.lowPaise,
      close: candle?.closePaise,
    });
  });

  it('for an option: the same holds for Black–Scholes premiums', async () => {
    const option = await optionToken();
    const ticks = await minuteOfTicks(option);
    const candle = await minuteCandle(option);
    expect(aggregate(ticks)).toEqual({
      open: candle?.openPaise,
      high: candle?.highPaise,
      low: candle?.lowPaise,
      close: candle?.closePaise,
    });
  });
});

describe('the official kiteconnect KiteTicker against the sandbox', () => {
  it('connects, subscribes and parses our packets to the same prices our decoder reads', async () => {
    const option = await optionToken();
    // KiteTickerParams omits `root`, although the ticker honours it (PROTOCOLS.md §5); passing a variable
    // skips the excess-property check. `reconnect: false` matters: with it on, disconnect() ends in
    // process.exit(1) inside kiteconnect's reconnection logic.
    const params = {
      api_key: sandbox.credentials.kiteApiKey,
      access_token: token,
      root: `${sandbox.urls.kiteWs}/`,
      reconnect: false,
    };
    const ticker = new KiteTicker(params);
    const ours = await connect();
    const oursFirst = nextTicks(ours);
    ours.send(formatKiteTickerCommand({ a: 'subscribe', v: [256265, option] }));
    const theirs = new Promise<Tick[]>((resolve) => ticker.on('ticks', (ticks: Tick[]) => resolve(ticks)));
    ticker.on('connect', () => ticker.subscribe([256265, option]));
    ticker.connect();
    try {
      const [official, decoded] = await Promise.all([theirs, oursFirst]);
      const byToken = (t: { instrument_token: number }) => t.instrument_token;
      expect(official.map(byToken).sort()).toEqual([256265, option].sort());
      for (const tick of official) {
        const mine = decoded.find((d) => d.instrumentToken === tick.instrument_token);
        expect(tick.last_price).toBe(mine?.lastPrice);
        expect(tick.tradable).toBe(mine?.isTradable);
      }
    } finally {
      ticker.disconnect();
    }
  });
});
