import type { ClientToServerEvents, ServerToClientEvents } from '@app/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildMapping, buildRdxConfig, buildUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { userRoom } from './realtime.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let url: string;
const clients: Client[] = [];

beforeEach(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await t.close();
});

function open(token: string | undefined): Promise<Client> {
  const socket: Client = connect(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const next = <E extends keyof ServerToClientEvents>(socket: Client, event: E) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => {
    (socket.once as (e: string, cb: (p: Parameters<ServerToClientEvents[E]>[0]) => void) => void)(event, resolve);
  });

/** Events on one socket arrive in order: if the marker arrives first, the earlier event never came. */
async function receivedBefore(socket: Client, event: keyof ServerToClientEvents, userId: number) {
  let got = false;
  (socket.on as (e: string, cb: () => void) => void)(event, () => {
    got = true;
  });
  const marker = next(socket, 'test_event');
  t.services.realtime.publish([userRoom(userId)], 'test_event', { message: 'marker', sentAt: '' });
  await marker;
  return got;
}

/** An owner with an RDX strategy, another user and an admin, each with a socket open. */
async function ownerOtherAndAdmin() {
  const owner = await buildUser(t);
  const other = await buildUser(t);
  const admin = await buildAdmin(t);
  const m = await buildMapping(t, owner);
  await buildRdxConfig(t, owner, m.id);
  const [ownerSocket, otherSocket, adminSocket] = await Promise.all([
    open(owner.token),
    open(other.token),
    open(admin.token),
  ]);
  return { owner, other, admin, m, ownerSocket, otherSocket, adminSocket };
}

describe('realtime', () => {
  it('refuses a connection without a live session token', async () => {
    await expect(open(undefined)).rejects.toThrow('No authentication token found');
    await expect(open('forged.token')).rejects.toThrow();
  });

  it('sends strategy_status_changed to the owner and admins only', async () => {
    const { owner, other, admin, m, ownerSocket, otherSocket, adminSocket } = await ownerOtherAndAdmin();
    // A client claiming to be an admin gains nothing: identity comes from the token.
    otherSocket.emit('authenticate', { userId: admin.id, userRole: 'admin' });
    const toOwner = next(ownerSocket, 'strategy_status_changed');
    const toAdmin = next(adminSocket, 'strategy_status_changed');
    const res = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${m.id}/toggle-status`,
      token: owner.token,
      payload: { running_status: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(await toOwner).toMatchObject({
      userStrategyMappingId: m.id,
      strategy: { running_status: 1, available_actions: ['pause', 'realign', 'exit'] },
    });
    expect((await toAdmin).userStrategyMappingId).toBe(m.id);
    expect(await receivedBefore(otherSocket, 'strategy_status_changed', other.id)).toBe(false);
  });

  it('sends strategy_changed when a strategy is reconfigured, edited or deleted, to the owner and admins only', async () => {
    const { owner, other, m, ownerSocket, otherSocket, adminSocket } = await ownerOtherAndAdmin();
    const base = `/api/strategies/user-mappings/${m.id}`;
    for (const [method, path, payload] of [
      ['PUT', '/rdx-config', { rdx_lot_count: 2, interval: '15m' }],
      ['PUT', '', { ce_count: 2 }],
      ['DELETE', '/rdx-config', undefined],
      ['DELETE', '', undefined],
    ] as const) {
      const toOwner = next(ownerSocket, 'strategy_changed');
      const toAdmin = next(adminSocket, 'strategy_changed');
      const res = await t.request({
        method,
        url: `${base}${path}`,
        token: owner.token,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(200);
      expect(await toOwner).toEqual({ userStrategyMappingId: m.id });
      expect(await toAdmin).toEqual({ userStrategyMappingId: m.id });
    }
    expect(await receivedBefore(otherSocket, 'strategy_changed', other.id)).toBe(false);
  });

  it('tells every signed-in socket when an admin switches the RDX service', async () => {
    const [one, two] = [await buildUser(t), await buildUser(t)];
    const admin = await buildAdmin(t);
    const [oneSocket, twoSocket] = await Promise.all([open(one.token), open(two.token)]);
    for (const [path, isRunning] of [
      ['/api/rdx/start', true],
      ['/api/rdx/stop', false],
    ] as const) {
      const toOne = next(oneSocket, 'rdx_service_changed');
      const toTwo = next(twoSocket, 'rdx_service_changed');
      expect((await t.request({ method: 'POST', url: path, token: admin.token })).statusCode).toBe(200);
      expect(await toOne).toEqual({ isRunning });
      expect(await toTwo).toEqual({ isRunning });
    }
  });

  it('sends transaction_created for an engine fill to the owner and admins, not to others', async () => {
    const owner = await buildUser(t);
    const other = await buildUser(t);
    const admin = await buildAdmin(t);
    const m = await buildMapping(t, owner, { pe_count: 0 });
    await buildRdxConfig(t, owner, m.id);
    await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, m.id, 1);
    const [ownerSocket, otherSocket, adminSocket] = await Promise.all([
      open(owner.token),
      open(other.token),
      open(admin.token),
    ]);
    const toOwner = next(ownerSocket, 'transaction_created');
    const toAdmin = next(adminSocket, 'transaction_created');
    await t.request({ method: 'POST', url: `/api/strategies/user-mappings/${m.id}/realign`, token: owner.token });
    const received = await toOwner;
    // One NIFTY lot (NSE, from the January 2026 expiries).
    expect(received.transaction).toMatchObject({ user_id: owner.id, quantity: 65, is_dummy: 1, strategy_name: 'RDX' });
    expect((await toAdmin).transaction.id).toBe(received.transaction.id);
    expect(await receivedBefore(otherSocket, 'transaction_created', other.id)).toBe(false);
  });

  it('delivers an admin test_event to the chosen user', async () => {
    const u = await buildUser(t);
    const admin = await buildAdmin(t);
    const socket = await open(u.token);
    const event = next(socket, 'test_event');
    const res = await t.request({
      method: 'POST',
      url: '/api/realtime/test-event',
      token: admin.token,
      payload: { userId: u.id, message: 'hello' },
    });
    expect(res.statusCode).toBe(200);
    expect((await event).message).toBe('hello');
  });

  it('disconnects the sockets of a session on logout', async () => {
    const u: TestUser = await buildUser(t);
    const socket = await open(u.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await t.request({ method: 'POST', url: '/api/auth/logout', token: u.token });
    expect(await closed).toBe('io server disconnect');
  });
});
