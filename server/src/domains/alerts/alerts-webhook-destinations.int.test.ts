import type { TestAlertReply } from '@app/contract';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { fakeReceiver } from '../../../test/fake-receiver.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { freePort } from '../../../test/child-server.js';

/*
 * A trader's webhook URL cannot turn the console against its own network (server-side request forgery): no
 * connection to link-local, metadata or any other special-purpose address ever, nor to the console's own
 * API; to loopback and private networks only when the operator sets WEBHOOK_ALLOW_PRIVATE=1; no redirect
 * followed. Refusals end the delivery with the reason, and what the delivery records never tells the trader
 * what answered there: the class of the answer, or that nothing did.
 */

const SECRET = 'my-webhook-signing-secret';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof fakeReceiver>>;

afterEach(async () => {
  await t.close();
  await receiver.close();
});

const saveWebhook = (user: TestUser, webhookUrl: string) =>
  t.request({
    method: 'PUT',
    url: '/api/alerts/channels',
    token: user.token,
    payload: { webhook_url: webhookUrl, webhook_secret: SECRET },
  });

/**
 * Saves the webhook, sends the test alert and runs the delivery once; returns the delivery row. With
 * `resolvesLaterTo`, the saved name is one that resolved nowhere when saved and now points there (as a
 * rebinding name would): what is checked at connect time, not what the form accepted.
 */
async function deliverTestAlertTo(user: TestUser, webhookUrl: string, resolvesLaterTo?: string) {
  const saved = await saveWebhook(user, webhookUrl);
  expect(saved.statusCode, saved.body).toBe(200);
  if (resolvesLaterTo) {
    await t.database.db
      .updateTable('alertChannels')
      .set({ webhookUrl: resolvesLaterTo })
      .where('userId', '=', user.id)
      .execute();
  }
  const sent = await t.request({ method: 'POST', url: '/api/alerts/channels/test', token: user.token });
  expect(sent.statusCode).toBe(200);
  // The test alert is sent while the trader waits; the worker finds nothing left to send.
  expect(sent.json<{ data: TestAlertReply }>().data.channels).toHaveLength(1);
  await t.services.alertsTick(t.clock.now());
  // A refusal is final: an hour later nothing was tried again.
  await t.services.alertsTick(t.clock.now() + 3_600_000);
  return t.database.db.selectFrom('alertDeliveries').selectAll().executeTakeFirstOrThrow();
}

const clearAlerts = async () => {
  await t.database.db.deleteFrom('alertDeliveries').execute();
  await t.database.db.deleteFrom('alerts').execute();
};

const PRIVATE = 'is a private address (the operator can allow them with WEBHOOK_ALLOW_PRIVATE=1)';

describe('webhook destinations', () => {
  it('refuses loopback by address and by name unless the operator allows private networks', async () => {
    t = await buildTestApp({ webhookAllowPrivate: false });
    receiver = await fakeReceiver([]);
    const owner = await buildUser(t);
    const port = new URL(receiver.url).port;
    // The form says so at once ...
    const byAddress = await saveWebhook(owner, `${receiver.url}/hook`);
    expect([byAddress.statusCode, byAddress.json<{ error: string }>().error]).toEqual([
      400,
      `Webhook URL cannot be used: 127.0.0.1 ${PRIVATE}`,
    ]);
    // A name is told by the name the trader typed, never by the address it resolves to.
    const byName = await saveWebhook(owner, `http://localhost:${port}/hook`);
    expect([byName.statusCode, byName.json<{ error: string }>().error]).toEqual([
      400,
      `Webhook URL cannot be used: localhost ${PRIVATE}`,
    ]);
    // ... and a name that resolves there only later is refused where the delivery connects, for good.
    const row = await deliverTestAlertTo(owner, 'http://hooks.rebinding.invalid/hook', `http://localhost:${port}/hook`);
    expect([row.status, row.attempts]).toEqual(['failed', 1]);
    expect(row.lastError).toBe(`The webhook was not sent: localhost ${PRIVATE}`);
    expect(receiver.received.map((r) => r.path)).toEqual([]);
  });

  it('never reaches a cloud metadata address, even with private networks allowed', async () => {
    t = await buildTestApp({ webhookAllowPrivate: true });
    receiver = await fakeReceiver([]);
    const owner = await buildUser(t);
    const metadata = 'http://169.254.169.254/latest/meta-data/';
    const saved = await saveWebhook(owner, metadata);
    expect(saved.json<{ error: string }>().error).toBe(
      'Webhook URL cannot be used: 169.254.169.254 is not a public address',
    );
    const row = await deliverTestAlertTo(owner, 'http://hooks.rebinding.invalid/hook', metadata);
    expect([row.status, row.lastError]).toEqual([
      'failed',
      'The webhook was not sent: 169.254.169.254 is not a public address',
    ]);
  });

  it('delivers to a private receiver the operator allowed, and takes a redirect as the answer', async () => {
    t = await buildTestApp({ webhookAllowPrivate: true });
    // The second request is redirected.
    receiver = await fakeReceiver([200, 307]);
    const owner = await buildUser(t);
    const delivered = await deliverTestAlertTo(owner, `${receiver.url}/hook`);
    expect([delivered.status, delivered.attempts]).toEqual(['delivered', 1]);
    await clearAlerts();
    const moved = await deliverTestAlertTo(owner, `${receiver.url}/moved`);
    expect([moved.status, moved.lastError]).toEqual([
      'failed',
      'The webhook redirected it (HTTP 3xx), and redirects are not followed: enter the final URL',
    ]);
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook', '/moved']);
  });

  it('never reaches a special-purpose address: documentation, benchmarking, NAT64 or 6to4 forms of a private one', async () => {
    t = await buildTestApp({ webhookAllowPrivate: true });
    receiver = await fakeReceiver([]);
    const owner = await buildUser(t);
    for (const host of [
      '192.0.2.1',
      '198.51.100.1',
      '203.0.113.1',
      '198.18.0.1',
      '[64:ff9b::7f00:1]',
      '[::127.0.0.1]',
      '[2002:7f00:1::]',
    ]) {
      const saved = await saveWebhook(owner, `http://${host}/hook`);
      expect([saved.statusCode, saved.json<{ error: string }>().error], host).toEqual([
        400,
        // Named as the URL parser writes it (`[::127.0.0.1]` is `::7f00:1`).
        `Webhook URL cannot be used: ${new URL(`http://${host}/`).hostname.replace(/^\[|\]$/g, '')} is not a public address`,
      ]);
    }
  });

  it("never reaches the console's own API, even with private networks allowed", async () => {
    t = await buildTestApp({ webhookAllowPrivate: true });
    receiver = await fakeReceiver([]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const owner = await buildUser(t);
    for (const url of [`http://127.0.0.1:${port}/api/health`, `http://localhost:${port}/api/auth/login`]) {
      const saved = await saveWebhook(owner, url);
      expect([saved.statusCode, saved.json<{ error: string }>().error], url).toEqual([
        400,
        `Webhook URL cannot be used: ${new URL(url).hostname} is this console itself`,
      ]);
    }
    const row = await deliverTestAlertTo(
      owner,
      'http://hooks.rebinding.invalid/hook',
      `http://localhost:${port}/api/health`,
    );
    expect([row.status, row.lastError]).toEqual([
      'failed',
      'The webhook was not sent: localhost is this console itself',
    ]);
  });

  it('records what became of a delivery, never what answered: no status, no text, no way the connection failed', async () => {
    t = await buildTestApp({ webhookAllowPrivate: true });
    // A 404 and a 500 with the receiver's own words, then nothing listening at all.
    receiver = await fakeReceiver([404, 500]);
    const owner = await buildUser(t);
    /** The test alert's reply for the webhook at `url`, and the delivery row it left. */
    const testAlertTo = async (url: string) => {
      expect((await saveWebhook(owner, url)).statusCode).toBe(200);
      const sent = await t.request({ method: 'POST', url: '/api/alerts/channels/test', token: owner.token });
      const row = await t.database.db
        .selectFrom('alertDeliveries')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return { reply: sent.json<{ data: TestAlertReply }>().data.channels[0], row: [row.status, row.lastError] };
    };
    const refused = await testAlertTo(`${receiver.url}/admin`);
    expect(refused.reply).toEqual({ channel: 'webhook', status: 'failed', error: 'The webhook refused it (HTTP 4xx)' });
    expect(refused.row).toEqual(['failed', 'The webhook refused it (HTTP 4xx)']);
    const failing = await testAlertTo(`${receiver.url}/hook`);
    expect(failing.row).toEqual(['pending', 'The webhook could not take it (HTTP 5xx)']);
    const unreachable = await testAlertTo(`http://127.0.0.1:${await freePort()}/hook`);
    expect(unreachable.row).toEqual(['pending', 'The webhook could not be reached']);
    const channels = await t.request({ method: 'GET', url: '/api/alerts/channels', token: owner.token });
    // The delivery's words only: the owner's own webhook address (a random port such as 40413) may hold any digits.
    const lastDelivery = JSON.stringify(channels.json<{ data: { last_delivery: unknown } }>().data.last_delivery);
    expect(lastDelivery).toContain('could not be reached');
    expect(lastDelivery).not.toMatch(/Not Found|Internal Server Error|ECONNREFUSED|\b404\b|\b500\b/);
  });
});
