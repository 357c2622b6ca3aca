import type { ClientToServerEvents, ServerToClientEvents } from '@app/contract';
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAdmin, buildMapping, buildRdxConfig, buildUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { SESSION_SWEEP_MS, userRoom } from './realtime.js';

/*
 * Issue 14 item 3: sockets follow sessions. A revoked session's sockets close within a second (logout,
 * password change, user deleted, role change), an expired one's at the next sweep, the handshake wants a
 * live token, and nothing a client emits widens what it receives. Across instances: see
 * sockets-sessions-redis.int.test.ts.
 */

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const SESSION_TTL_MS = 24 * 3600 * 1000; // buildTestApp's
const NEW_PASSWORD = 'Quartz-lantern-73';

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

function open(auth: Record<string, unknown>, namespace = ''): Promise<Client> {
  const socket: Client = connect(`${url}${namespace}`, { auth, transports: ['websocket'], reconnection: false });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
const openAs = (u: TestUser) => open({ token: u.token });

/**
 * Returns just after this instance's session sweep ran: a canary session ended without any broadcast is
 * closed only by the sweep. The next sweep is then SESSION_SWEEP_MS away, so a socket closed within a
 * second after this was closed by the revocation itself, not rescued by the sweep.
 */
async function afterASweep() {
  const canary = await buildUser(t);
  const socket = await openAs(canary);
  await t.services.auth.revokeAllFor(canary.id);
  await vi.waitFor(() => expect(socket.connected).toBe(false), { timeout: SESSION_SWEEP_MS + 1000, interval: 5 });
}

/** Runs the revoking action and requires the socket closed by the server within a second of its start. */
async function closesWithinASecond(socket: Client, action: () => Promise<{ statusCode: number }>) {
  await afterASweep();
  const started = Date.now();
  const closed = new Promise<{ reason: string; at: number }>((resolve) =>
    socket.once('disconnect', (reason) => resolve({ reason, at: Date.now() })),
  );
  expect((await action()).statusCode).toBe(200);
  await vi.waitFor(() => expect(socket.connected).toBe(false), { timeout: 1000, interval: 10 });
  const { reason, at } = await closed;
  expect(reason).toBe('io server disconnect');
  expect(at - started).toBeLessThanOrEqual(1000);
}

/** Proves the socket is still connected and in its user's room: a test_event sent now reaches it. */
async function stillReceives(socket: Client, userId: number) {
  const marker = new Promise<string>((resolve) => socket.once('test_event', (e) => resolve(e.message)));
  t.services.realtime.publish([userRoom(userId)], 'test_event', { message: 'still here', sentAt: '' });
  expect(await marker).toBe('still here');
  expect(socket.connected).toBe(true);
}

const logout = (u: TestUser) => t.request({ method: 'POST', url: '/api/auth/logout', token: u.token });
const secondSession = async (u: TestUser): Promise<TestUser> => ({
  ...u,
  token: (await t.services.auth.login({ username: u.username, password: u.password }, '10.9.9.9')).token,
});

describe('sockets follow sessions', () => {
  it('closes the socket of a session that logs out within a second; the same user’s other session stays', async () => {
    const u = await buildUser(t);
    const other = await secondSession(u);
    const [leaving, staying] = await Promise.all([openAs(u), openAs(other)]);
    await closesWithinASecond(leaving, () => logout(u));
    await stillReceives(staying, u.id);
    await expect(openAs(u)).rejects.toThrow('No authentication token found');
  });

  it('closes the other sessions’ sockets on a password change and keeps the changer’s own', async () => {
    const u = await buildUser(t);
    const other = await secondSession(u);
    const [own, elsewhere] = await Promise.all([openAs(u), openAs(other)]);
    await closesWithinASecond(elsewhere, () =>
      t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        token: u.token,
        payload: { current_password: u.password, new_password: NEW_PASSWORD },
      }),
    );
    await stillReceives(own, u.id);
  });

  it('closes every socket of a user an admin gives a new password', async () => {
    const admin = await buildAdmin(t);
    const u = await buildUser(t);
    const socket = await openAs(u);
    await closesWithinASecond(socket, () =>
      t.request({ method: 'PUT', url: `/api/users/${u.id}`, token: admin.token, payload: { password: NEW_PASSWORD } }),
    );
  });

  it('closes every socket of a user the admin deletes', async () => {
    const admin = await buildAdmin(t);
    const u = await buildUser(t);
    const other = await secondSession(u);
    const [first, second, adminSocket] = await Promise.all([openAs(u), openAs(other), openAs(admin)]);
    await closesWithinASecond(first, () =>
      t.request({ method: 'DELETE', url: `/api/users/${u.id}`, token: admin.token }),
    );
    await vi.waitFor(() => expect(second.connected).toBe(false), { timeout: 1000, interval: 10 });
    await stillReceives(adminSocket, admin.id);
  });

  it('closes a demoted admin’s sockets, so they leave the admins room; an edit that keeps the role closes nothing', async () => {
    const admin = await buildAdmin(t);
    const demoted = await buildAdmin(t);
    const u = await buildUser(t);
    const [demotedSocket, userSocket] = await Promise.all([openAs(demoted), openAs(u)]);
    const same = await t.request({
      method: 'PUT',
      url: `/api/users/${u.id}`,
      token: admin.token,
      payload: { username: u.username, role: 'user' },
    });
    expect(same.statusCode).toBe(200);
    await stillReceives(userSocket, u.id);

    await closesWithinASecond(demotedSocket, () =>
      t.request({ method: 'PUT', url: `/api/users/${demoted.id}`, token: admin.token, payload: { role: 'user' } }),
    );
    // Signed in again as a user, they get their own events and no longer everyone's.
    const again = await openAs(await secondSession(demoted));
    const got: string[] = [];
    again.onAny((event: string) => got.push(event));
    t.services.realtime.toUserAndAdmins(u.id, 'test_event', { message: 'for u and admins', sentAt: '' });
    await stillReceives(again, demoted.id);
    expect(got).toEqual(['test_event']);
  });

  it('closes the socket of a session that expires, at the next sweep', async () => {
    const u = await buildUser(t);
    const socket = await openAs(u);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    t.clock.advance(SESSION_TTL_MS + 1);
    await vi.waitFor(() => expect(socket.connected).toBe(false), { timeout: SESSION_SWEEP_MS + 1000, interval: 20 });
    expect(await closed).toBe('io server disconnect');
  });

  it('refuses a handshake with a missing, malformed, forged, expired or revoked token', async () => {
    const u = await buildUser(t);
    const refused = 'No authentication token found';
    await expect(open({})).rejects.toThrow(refused);
    await expect(open({ token: 42 })).rejects.toThrow(refused);
    await expect(open({ token: 'not-a-token' })).rejects.toThrow(refused);
    // The right shape, a random secret and signature.
    await expect(
      open({ token: `${randomBytes(32).toString('base64url')}.${randomBytes(32).toString('base64url')}` }),
    ).rejects.toThrow(refused);
    // A real secret with another signature, and a real signature on another secret.
    const [secret, signature] = u.token.split('.');
    await expect(open({ token: `${secret}.${randomBytes(32).toString('base64url')}` })).rejects.toThrow(refused);
    await expect(open({ token: `${randomBytes(32).toString('base64url')}.${signature}` })).rejects.toThrow(refused);
    // A claimed identity beside no token counts for nothing.
    await expect(open({ userId: u.id, userRole: 'admin' })).rejects.toThrow(refused);

    const revoked = await secondSession(u);
    expect((await logout(revoked)).statusCode).toBe(200);
    await expect(openAs(revoked)).rejects.toThrow(refused);

    await openAs(u);
    t.clock.advance(SESSION_TTL_MS + 1);
    await expect(openAs(u)).rejects.toThrow(refused);
  });

  it('refuses the first-start admin a socket until the printed password is changed', async () => {
    const printed = 'printed-At-first-start';
    await t.services.users.ensureAdmin('root', undefined, () => printed);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'root', password: printed },
    });
    const token = login.json<{ data: { token: string } }>().data.token;
    await expect(open({ token })).rejects.toThrow('No authentication token found');
    const changed = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token,
      payload: { current_password: printed, new_password: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await open({ token })).connected).toBe(true);
  });

  it('never hands a socket another user’s events, whatever it emits', async () => {
    const owner = await buildUser(t);
    const intruder = await buildUser(t);
    const admin = await buildAdmin(t);
    const m = await buildMapping(t, owner, { pe_count: 0 });
    await buildRdxConfig(t, owner, m.id);
    await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, m.id, 1);
    // Extra handshake fields claiming the owner's identity are ignored like the rest.
    const [ownerSocket, intruderSocket] = await Promise.all([
      openAs(owner),
      open({ token: intruder.token, userId: owner.id, role: 'admin' }),
    ]);
    // Other namespaces do not exist.
    await expect(open({ token: intruder.token }, '/admin')).rejects.toThrow();

    const got: string[] = [];
    intruderSocket.onAny((event: string) => got.push(event));
    const emit = intruderSocket.emit.bind(intruderSocket) as (event: string, ...args: unknown[]) => Client;
    intruderSocket.emit('authenticate', { userId: owner.id, userRole: 'admin' });
    for (const payload of [owner.id, String(owner.id), null, { userId: [owner.id] }, 'admins']) {
      emit('authenticate', payload);
    }
    for (const event of ['join', 'joinRoom', 'subscribe', 'room', 'rooms']) {
      emit(event, userRoom(owner.id));
      emit(event, 'admins');
      emit(event, { room: userRoom(owner.id) });
    }

    const transaction = new Promise((resolve) => ownerSocket.once('transaction_created', resolve));
    const position = new Promise((resolve) => ownerSocket.once('positions_updated', resolve));
    const test = new Promise((resolve) => ownerSocket.once('test_event', resolve));
    const realign = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${m.id}/realign`,
      token: owner.token,
    });
    expect(realign.statusCode).toBe(200);
    const sent = await t.request({
      method: 'POST',
      url: '/api/realtime/test-event',
      token: admin.token,
      payload: { userId: owner.id, message: 'for the owner' },
    });
    expect(sent.statusCode).toBe(200);
    await Promise.all([transaction, position, test]);

    // Events on one socket keep their order: once this marker is in, anything sent earlier would be too.
    await stillReceives(intruderSocket, intruder.id);
    expect(got).toEqual(['test_event']);
  });
});
