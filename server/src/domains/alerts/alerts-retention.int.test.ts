import type { AlertsPage } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { fakeReceiver } from '../../../test/fake-receiver.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { ALERT_RETENTION_MS } from './alerts.worker.js';

/*
 * Alerts are kept for ALERT_RETENTION_MS (90 days): the leader's alerts worker deletes older ones with their
 * deliveries, and keeps everything newer.
 */

const DAY = 24 * 3_600_000;
let t: TestApp;
let owner: TestUser;
let webhook: Awaited<ReturnType<typeof fakeReceiver>>;

beforeAll(async () => {
  webhook = await fakeReceiver([]);
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
  await webhook.close();
});

async function alertsOf(user: TestUser) {
  const res = await t.request({ method: 'GET', url: '/api/alerts?limit=50', token: user.token });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: AlertsPage }>().data;
}

/** A test alert sent now, found in the bell (alerts are stored off the request's path). */
async function sendTest(expectedTotal: number) {
  const res = await t.request({ method: 'POST', url: '/api/alerts/channels/test', token: owner.token });
  expect(res.statusCode).toBe(200);
  await vi.waitFor(async () => expect((await alertsOf(owner)).total).toBe(expectedTotal));
}

describe('alert retention', () => {
  it('deletes alerts older than 90 days with their deliveries, and keeps newer ones', async () => {
    expect(ALERT_RETENTION_MS).toBe(90 * DAY);
    const saved = await t.request({
      method: 'PUT',
      url: '/api/alerts/channels',
      token: owner.token,
      payload: { webhook_url: `${webhook.url}/hook`, webhook_secret: 'a-retention-test-secret' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const first = t.clock.now();
    await sendTest(1);
    await t.services.alertsTick(first);
    t.clock.set(first + 60 * DAY);
    // The first session has long expired: the trader signs in again.
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: owner.username, password: owner.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    owner = { ...owner, token: login.json<{ data: { token: string } }>().data.token };
    await sendTest(2);
    await t.services.alertsTick(first + 60 * DAY);
    expect(webhook.received).toHaveLength(2);
    const countDeliveries = async () =>
      (await t.database.db.selectFrom('alertDeliveries').select('id').execute()).length;
    expect(await countDeliveries()).toBe(2);

    // 90 days and a minute after the first: it goes, with its delivery; the second stays.
    await t.services.alertsTick(first + 90 * DAY + 60_000);
    const page = await alertsOf(owner);
    expect(page.total).toBe(1);
    expect(page.alerts[0]?.created_at).toBe(new Date(first + 60 * DAY).toISOString());
    expect(await countDeliveries()).toBe(1);
  });
});
