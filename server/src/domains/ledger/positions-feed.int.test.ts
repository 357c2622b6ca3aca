import { toPaise } from '@app/contract';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAdmin, buildMapping, buildRdxConfig, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { userRoom } from '../../platform/realtime.js';

/* Live P&L (issue 11): `positions_updated` after fills and on price moves, to the owner and admins only. */

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Updated = Parameters<ServerToClientEvents['positions_updated']>[0];

let t: TestApp;
let url: string;
let owner: TestUser;
const clients: Client[] = [];
const CLOSE = Date.parse('2026-11-23T05:00:00Z');

beforeEach(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await buildUser(t);
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await t.close();
});

function open(token: string): Promise<Client> {
  const socket: Client = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Every `positions_updated` a socket receives, in order. */
function collect(socket: Client): Updated[] {
  const got: Updated[] = [];
  socket.on('positions_updated', (p) => got.push(p));
  return got;
}

/** Resolves once the marker sent after everything else arrives: events on one socket keep their order. */
async function flush(socket: Client, userId: number) {
  const marker = new Promise((resolve) => socket.once('test_event', resolve));
  t.services.realtime.publish([userRoom(userId)], 'test_event', { message: 'marker', sentAt: '' });
  await marker;
}

async function running() {
  const m = await buildMapping(t, owner);
  await buildRdxConfig(t, owner, m.id);
  await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, m.id, 1);
  return m;
}

describe('positions_updated', () => {
  it('reaches the owner and admins after fills, and nobody else', async () => {
    const m = await running();
    const other = await buildUser(t);
    const admin = await buildAdmin(t);
    const [mine, theirs, admins] = await Promise.all([open(owner.token), open(other.token), open(admin.token)]);
    const toOwner = collect(mine);
    const toOther = collect(theirs);
    const toAdmin = collect(admins);
    const arrived = new Promise((resolve) => mine.once('positions_updated', resolve));
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    await arrived;
    await flush(theirs, other.id);
    await flush(admins, admin.id);
    expect(toOwner[0]?.position).toMatchObject({ user_strategy_mapping_id: m.id, user_id: owner.id });
    expect(toOwner[0]?.position.legs).toHaveLength(2);
    expect(toOwner[0]?.position.charges).toBeGreaterThan(0);
    expect(toAdmin.map((u) => u.position.user_strategy_mapping_id)).toContain(m.id);
    expect(toOther).toEqual([]);
  });

  it('follows the price of the open legs on each tick, and says nothing while it stands still', async () => {
    await running();
    // Connected before the fills: their position goes out after the trade path's turn (positions-feed.ts),
    // so a socket that joined just after could still receive it, racing the first tick's.
    const socket = await open(owner.token);
    const got = collect(socket);
    const arrived = new Promise((resolve) => socket.once('positions_updated', resolve));
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    await arrived; // the fills' look at the position as it stands
    await t.services.positionsFeed.tick();
    await flush(socket, owner.id);
    expect(got.length).toBeGreaterThanOrEqual(1);
    expect(got[0]?.position.legs).toHaveLength(2);
    // Same instant, same prices: nothing new. The legs' first streamed marks (the ticker connects in the
    // background) may still differ from the REST quote the first look used, so once they are in, a tick
    // at this instant must say nothing.
    await vi.waitFor(
      async () => {
        const before = got.length;
        await t.services.positionsFeed.tick();
        await flush(socket, owner.id);
        expect(got).toHaveLength(before);
      },
      { timeout: 10_000, interval: 50 },
    );
    // The sandbox's option prices move with time: past the quote cache the REST marks change, and once the
    // ticker is up (it connects in the background) the streamed marks change with each step it pushes.
    await vi.waitFor(
      async () => {
        t.clock.advance(60_000);
        t.sandbox.control.pump();
        await t.services.positionsFeed.tick();
        await flush(socket, owner.id);
        expect(got.length).toBeGreaterThan(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    const [first, last] = [got[0]?.position, got.at(-1)?.position];
    expect(last?.legs.map((l) => l.ltp)).not.toEqual(first?.legs.map((l) => l.ltp));
    expect(toPaise(last?.unrealized_pnl ?? 0)).toBe(
      (last?.legs ?? []).reduce((s, l) => s + toPaise(l.unrealized_pnl), 0),
    );
  });

  it('marks open legs from the Kite ticker, with REST quotes refused', async () => {
    await running();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const socket = await open(owner.token);
    const got = collect(socket);
    await t.services.positionsFeed.tick(); // follows the two legs' option tokens on the ticker
    t.sandbox.control.failNext('kite.quote', 10_000, 'drop');
    const first = got.length;
    await vi.waitFor(
      async () => {
        t.clock.advance(1000);
        t.sandbox.control.pump();
        await t.services.positionsFeed.tick();
        await flush(socket, owner.id);
        const last = got.at(-1)?.position;
        expect(got.length).toBeGreaterThan(first);
        expect(last?.legs).toHaveLength(2);
        expect(last?.legs.every((l) => !l.ltp_is_stale)).toBe(true);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
