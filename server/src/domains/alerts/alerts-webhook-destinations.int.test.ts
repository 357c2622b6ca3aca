import { afterEach, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { fakeReceiver } from '../../../test/fake-receiver.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * A trader's webhook URL cannot turn the console against its own network (server-side request forgery): no
 * connection to link-local or metadata addresses ever, to loopback and private networks only when the
 * operator sets WEBHOOK_ALLOW_PRIVATE=1, and no redirect followed. Refusals end the delivery with the reason.
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
  await t.services.alertsTick(t.clock.now());
  // A refusal is final: an hour later nothing was tried again.
  await t.services.alertsTick(t.clock.now() + 3_600_000);
  return t.database.db.selectFrom('alertDeliveries').selectAll().executeTakeFirstOrThrow();
}

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
    const byName = await saveWebhook(owner, `http://localhost:${port}/hook`);
    expect(byName.statusCode).toBe(400);
    expect(byName.json<{ error: string }>().error).toMatch(
      /^Webhook URL cannot be used: localhost: (127\.0\.0\.1|::1) is a private/,
    );
    // ... and a name that resolves there only later is refused where the delivery connects, for good.
    const row = await deliverTestAlertTo(owner, 'http://hooks.rebinding.invalid/hook', `http://localhost:${port}/hook`);
    expect([row.status, row.attempts]).toEqual(['failed', 1]);
    expect(row.lastError).toMatch(/^The webhook was not sent: localhost: (127\.0\.0\.1|::1) is a private address/);
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
    await t.database.db.deleteFrom('alertDeliveries').execute();
    await t.database.db.deleteFrom('alerts').execute();
    const moved = await deliverTestAlertTo(owner, `${receiver.url}/moved`);
    expect([moved.status, moved.lastError]).toEqual([
      'failed',
      'The webhook answered 307: redirects are not followed, enter the final URL',
    ]);
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook', '/moved']);
  });
});
