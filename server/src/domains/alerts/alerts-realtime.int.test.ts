import type { ClientToServerEvents, ServerToClientEvents } from '@app/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { userRoom } from '../../platform/realtime.js';

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

function open(token: string): Promise<Client> {
  const socket: Client = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('alert_created', () => {
  it("reaches the alert's owner only: admins get their own alerts, not every user's", async () => {
    const owner = await buildUser(t);
    const admin = await buildAdmin(t);
    const [ownerSocket, adminSocket] = await Promise.all([open(owner.token), open(admin.token)]);
    let adminGot = false;
    adminSocket.on('alert_created', () => {
      adminGot = true;
    });
    const toOwner = new Promise<Parameters<ServerToClientEvents['alert_created']>[0]>((resolve) =>
      ownerSocket.once('alert_created', resolve),
    );

    const res = await t.request({ method: 'POST', url: '/api/alerts/channels/test', token: owner.token });
    expect(res.statusCode).toBe(200);
    expect((await toOwner).alert).toMatchObject({ kind: 'test', title: 'Test notification', read_at: null });

    // Events on one socket arrive in order: the admin's marker arriving first means no alert came.
    const marker = new Promise((resolve) => adminSocket.once('test_event', resolve));
    t.services.realtime.publish([userRoom(admin.id)], 'test_event', { message: 'marker', sentAt: '' });
    await marker;
    expect(adminGot).toBe(false);
  });
});

describe('alerts_read', () => {
  it("tells the reader's other tabs how many are left unread, and no one else", async () => {
    const owner = await buildUser(t);
    const other = await buildUser(t);
    for (let i = 0; i < 2; i++) {
      await t.request({ method: 'POST', url: '/api/alerts/channels/test', token: owner.token });
    }
    const [otherTab, stranger] = await Promise.all([open(owner.token), open(other.token)]);
    let strangerGot = false;
    stranger.on('alerts_read', () => {
      strangerGot = true;
    });
    const told = new Promise<Parameters<ServerToClientEvents['alerts_read']>[0]>((resolve) =>
      otherTab.once('alerts_read', resolve),
    );

    const res = await t.request({
      method: 'POST',
      url: '/api/alerts/read',
      token: owner.token,
      payload: { all: true },
    });
    expect(res.statusCode).toBe(200);
    expect(await told).toEqual({ unread: 0 });

    const marker = new Promise((resolve) => stranger.once('test_event', resolve));
    t.services.realtime.publish([userRoom(other.id)], 'test_event', { message: 'marker', sentAt: '' });
    await marker;
    expect(strangerGot).toBe(false);
  });
});
