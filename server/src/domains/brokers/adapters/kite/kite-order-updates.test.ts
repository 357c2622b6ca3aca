import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { readJsonFixture } from '../../../../../test/provider-fixtures.js';
import { createOrderUpdates, type OrderUpdates } from './kite-order-updates.js';

/* Kite's pushed order updates, against a ticker endpoint that records who connected and pushes on demand. */

interface Ticker {
  url: string;
  /** The open connections with the query they logged in with. */
  clients: Array<{ ws: WebSocket; apiKey: string | null; accessToken: string | null }>;
  close(): Promise<void>;
}

async function ticker(): Promise<Ticker> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const clients: Ticker['clients'] = [];
  wss.on('connection', (ws, req) => {
    const q = new URL(req.url ?? '/', 'http://ticker').searchParams;
    const client = { ws, apiKey: q.get('api_key'), accessToken: q.get('access_token') };
    clients.push(client);
    ws.on('close', () => clients.splice(clients.indexOf(client), 1));
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    clients,
    close: () => {
      for (const c of clients) c.ws.terminate();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}

const push = (ws: WebSocket, fields: Record<string, unknown>) =>
  ws.send(
    JSON.stringify({
      type: 'order',
      data: { ...readJsonFixture<Record<string, unknown>>('kite', 'postback.json'), ...fields },
    }),
  );

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function setUp(options: { idleMs?: number; connectionsPerKey?: number } = {}) {
  const t = await ticker();
  const updates: OrderUpdates = createOrderUpdates({ wsRoot: t.url, logger: pino({ level: 'silent' }), ...options });
  open.push(t, updates);
  return { t, updates };
}

describe('order updates pushed on the Kite ticker', () => {
  it("log in as the account's app and token, and wake the waiter on its order's final update only", async () => {
    const { t, updates } = await setUp();
    const watch = updates.watch({ apiKey: 'app_key', accessToken: 'tok_1' });
    await vi.waitFor(() => expect(watch.isLive()).toBe(true));
    expect(t.clients.map((c) => [c.apiKey, c.accessToken])).toEqual([['app_key', 'tok_1']]);
    const client = t.clients[0]?.ws;
    if (!client) throw new Error('no connection');

    let isAwake = false;
    const waiting = watch.wait('42', watch.mark(), 60_000).then(() => (isAwake = true));
    push(client, { order_id: '42', status: 'UPDATE', quantity: 3, filled_quantity: 2 }); // a partial fill
    push(client, { order_id: '7', status: 'COMPLETE' }); // another order of the account
    push(client, { order_id: '42', status: 'COMPLETE', quantity: 3, filled_quantity: 3, average_price: 101.5 });
    await waiting;
    expect(isAwake).toBe(true);
    expect(watch.final('42')).toMatchObject({ status: 'COMPLETE', filled_quantity: 3, average_price: 101.5 });
    // A late or repeated update does not overwrite the final one.
    push(client, { order_id: '42', status: 'CANCELLED', filled_quantity: 2 });
    push(client, { order_id: '8', status: 'REJECTED' });
    await watch.wait('8', watch.mark(), 60_000); // frames arrive in order: 42's late one came first
    expect(watch.final('42')?.status).toBe('COMPLETE');
    watch.release();
  });

  it('wake the waiter when the stream drops, so it polls until it is back', async () => {
    const { t, updates } = await setUp();
    const watch = updates.watch({ apiKey: 'app_key', accessToken: 'tok_1' });
    await vi.waitFor(() => expect(watch.isLive()).toBe(true));
    const waiting = watch.wait('42', watch.mark(), 60_000);
    t.clients[0]?.ws.terminate();
    await waiting;
    expect(watch.isLive()).toBe(false);
    expect(watch.final('42')).toBeNull();
    watch.release();
  });

  it('hold at most the allowed connections per api key, closing an idle one to make room', async () => {
    const { t, updates } = await setUp({ connectionsPerKey: 2, idleMs: 60_000 });
    const first = updates.watch({ apiKey: 'app_key', accessToken: 'a' });
    const second = updates.watch({ apiKey: 'app_key', accessToken: 'b' });
    const other = updates.watch({ apiKey: 'own_app', accessToken: 'c' }); // another app has its own allowance
    await vi.waitFor(() => expect(t.clients).toHaveLength(3));
    // A third account on the same key finds no room while both are awaited: it is polled.
    const third = updates.watch({ apiKey: 'app_key', accessToken: 'd' });
    expect(third.isLive()).toBe(false);
    expect(updates.connections()).toBe(3);
    // Once the first account's orders are settled, its idle connection makes room.
    first.release();
    const fourth = updates.watch({ apiKey: 'app_key', accessToken: 'd' });
    await vi.waitFor(() => expect(fourth.isLive()).toBe(true));
    expect(t.clients.map((c) => c.accessToken).sort()).toEqual(['b', 'c', 'd']);
    for (const w of [second, other, third, fourth]) w.release();
  });

  it('close an account after its idle time, and everything on shutdown', async () => {
    const { t, updates } = await setUp({ idleMs: 20 });
    const watch = updates.watch({ apiKey: 'app_key', accessToken: 'a' });
    await vi.waitFor(() => expect(t.clients).toHaveLength(1));
    watch.release();
    await vi.waitFor(() => expect(t.clients).toHaveLength(0));
    expect(updates.connections()).toBe(0);

    const again = updates.watch({ apiKey: 'app_key', accessToken: 'a' });
    await vi.waitFor(() => expect(again.isLive()).toBe(true));
    const waiting = again.wait('42', again.mark(), 60_000);
    await updates.close();
    await waiting;
    expect(again.isLive()).toBe(false);
    await vi.waitFor(() => expect(t.clients).toHaveLength(0));
    expect(updates.watch({ apiKey: 'app_key', accessToken: 'a' }).isLive()).toBe(false);
  });
});
