import type { ClientToServerEvents, Mapping, ServerToClientEvents } from '@app/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildAdmin,
  buildMapping,
  buildRdxConfig,
  buildUser,
  buildRunningLiveMapping,
  type TestUser,
} from '../../../test/factories.js';
import { booksOf, brokerNetPositions } from '../../../test/books.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * The admin's kill switch and a user's Exit all (issue 13): every running or paused strategy stops with
 * its reason, every leg is bought back (paper and at the broker), and nothing starts while engaged.
 */

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let brokerToken: string;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const as = (u: TestUser) => ({ userId: u.id, role: u.role });

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
  admin = await buildAdmin(t);
});
afterEach(async () => {
  await t.close();
});

async function paperMapping(user: TestUser, status: 0 | 1 | 2) {
  const m = await buildMapping(t, user);
  await buildRdxConfig(t, user, m.id);
  if (status !== 0) await t.services.mappings.setRunningStatus(as(user), m.id, 1);
  return m.id;
}

async function liveMapping() {
  const running = await buildRunningLiveMapping(t, owner, 'KS1234');
  brokerToken = running.brokerToken;
  return running.id;
}

const brokerPositions = () => brokerNetPositions(t, brokerToken);

const books = (mappingId: number) => booksOf(t, mappingId);

const killSwitch = (who: TestUser, engaged: boolean) =>
  t.request({ method: 'POST', url: '/api/risk/kill-switch', token: who.token, payload: { engaged } });

async function mine(user: TestUser): Promise<Mapping[]> {
  const res = await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: user.token });
  return res.json<{ data: Mapping[] }>().data;
}

describe('the kill switch', () => {
  it('stops every running and paused strategy with stop_reason kill_switch and flattens paper and live legs', async () => {
    const running = await paperMapping(owner, 1);
    const paused = await paperMapping(owner, 1);
    const live = await liveMapping();
    const otherUser = await buildUser(t);
    const othersPaper = await paperMapping(otherUser, 1);
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    await t.services.mappings.setRunningStatus(as(owner), paused, 2);
    for (const id of [running, paused, live, othersPaper]) expect((await books(id)).legs).toBeGreaterThan(0);
    expect(await brokerPositions()).not.toEqual([]);

    const res = await killSwitch(admin, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: unknown }>().data).toMatchObject({
      engaged: true,
      engaged_by: admin.username,
      stopped_strategies: 4,
      closed_legs: 8,
    });

    const rows = [...(await mine(owner)), ...(await mine(otherUser))];
    expect(rows.map((r) => [r.running_status, r.stop_reason])).toEqual(Array(4).fill([0, 'kill_switch']));
    expect(rows[0]?.stopped_at).toBe(new Date(t.clock.now()).toISOString());
    expect(rows[0]?.status_detail).toBe(
      'Stopped by the kill switch at 10:30 IST: no strategy starts until an admin releases it',
    );
    for (const id of [running, paused, live, othersPaper]) {
      const b = await books(id);
      expect(b.legs).toBe(0);
      expect(b.unsettled).toEqual([]);
    }
    expect(await brokerPositions()).toEqual([]);
  });

  it('refuses start, resume and realign with 409 while engaged, and releasing restarts nothing', async () => {
    const stopped = await paperMapping(owner, 0);
    const paused = await paperMapping(owner, 1);
    await t.services.mappings.setRunningStatus(as(owner), paused, 2);
    // Engaged while another instance is between steps: the paused one is stopped, the stopped stays so.
    expect((await killSwitch(admin, true)).statusCode).toBe(200);
    const start = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${stopped}/toggle-status`,
      token: owner.token,
      payload: { running_status: 1 },
    });
    expect(start.statusCode).toBe(409);
    expect(start.body).toContain('The kill switch is engaged');
    // A row offers no Start while engaged.
    expect((await mine(owner)).every((m) => !m.available_actions.includes('start'))).toBe(true);

    // Paused again behind the switch's back (a row the stop missed) still cannot resume or realign.
    await t.database.db
      .updateTable('userStrategyMappings')
      .set({ runningStatus: 2 })
      .where('id', '=', paused)
      .execute();
    const resume = await t.request({ method: 'POST', url: `/api/rdx/resume/${paused}`, token: owner.token });
    const realign = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${paused}/realign`,
      token: owner.token,
    });
    expect([resume.statusCode, realign.statusCode]).toEqual([409, 409]);

    const released = await killSwitch(admin, false);
    expect(released.json<{ data: unknown }>().data).toMatchObject({
      engaged: false,
      engaged_at: null,
      engaged_by: null,
    });
    expect((await mine(owner)).find((m) => m.id === stopped)?.running_status).toBe(0);
    const again = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${stopped}/toggle-status`,
      token: owner.token,
      payload: { running_status: 1 },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: { strategy: Mapping } }>().data.strategy).toMatchObject({
      stop_reason: null,
      stopped_at: null,
    });
  });

  it('tells every user when it changes, and nobody when pressed again with nothing to change', async () => {
    const alertTitles = async () => {
      const res = await t.request({ method: 'GET', url: '/api/alerts', token: owner.token });
      return res
        .json<{ data: { alerts: { kind: string; title: string }[] } }>()
        .data.alerts.filter((a) => a.kind === 'kill_switch')
        .map((a) => a.title)
        .reverse();
    };
    expect((await killSwitch(admin, true)).statusCode).toBe(200);
    expect((await killSwitch(admin, true)).statusCode).toBe(200); // nothing left to stop
    expect((await killSwitch(admin, false)).statusCode).toBe(200);
    expect((await killSwitch(admin, false)).statusCode).toBe(200); // already released
    const id = await paperMapping(owner, 1);
    const engagedAgain = await killSwitch(admin, true);
    expect(engagedAgain.json<{ data: unknown }>().data).toMatchObject({ engaged: true, stopped_strategies: 1 });
    await vi.waitFor(async () => expect((await alertTitles()).length).toBeGreaterThanOrEqual(3));
    expect(await alertTitles()).toEqual(['Kill switch engaged', 'Kill switch released', 'Kill switch engaged']);
    expect((await mine(owner)).find((m) => m.id === id)?.stop_reason).toBe('kill_switch');
  });

  it('cannot be engaged by a user, and every signed-in user reads it', async () => {
    expect((await killSwitch(owner, true)).statusCode).toBe(403);
    expect((await killSwitch(admin, true)).statusCode).toBe(200);
    const read = await t.request({ method: 'GET', url: '/api/risk/kill-switch', token: owner.token });
    expect(read.statusCode).toBe(200);
    expect(read.json<{ data: unknown }>().data).toEqual({
      engaged: true,
      engaged_at: new Date(t.clock.now()).toISOString(),
      engaged_by: admin.username,
    });
    expect((await t.request({ method: 'GET', url: '/api/risk/kill-switch' })).statusCode).toBe(401);
  });
});

describe('exit all', () => {
  it("stops and flattens only the caller's strategies, as their own (manual) stop", async () => {
    const a = await paperMapping(owner, 1);
    const b = await paperMapping(owner, 1);
    const otherUser = await buildUser(t);
    const theirs = await paperMapping(otherUser, 1);
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);

    const res = await t.request({ method: 'POST', url: '/api/strategies/user-mappings/exit-all', token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: unknown }>().data).toEqual({ stopped_strategies: 2 });
    expect((await mine(owner)).map((m) => [m.running_status, m.stop_reason])).toEqual([
      [0, 'manual'],
      [0, 'manual'],
    ]);
    for (const id of [a, b]) expect(await books(id)).toMatchObject({ legs: 0, unsettled: [] });
    expect((await mine(otherUser))[0]).toMatchObject({ running_status: 1, stop_reason: null });
    expect((await books(theirs)).legs).toBeGreaterThan(0);
  });
});

describe('stop_reason in strategy_status_changed', () => {
  it('reaches the owner with the reason the row carries', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const id = await paperMapping(owner, 1);
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(url, {
      auth: { token: owner.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const changed = new Promise<{ strategy: Mapping }>((resolve) => socket.once('strategy_status_changed', resolve));
      expect((await killSwitch(admin, true)).statusCode).toBe(200);
      expect((await changed).strategy).toMatchObject({ id, running_status: 0, stop_reason: 'kill_switch' });
    } finally {
      socket.disconnect();
    }
  });
});
