import type { AlertsPage, TestAlertReply } from '@app/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { fakeReceiver } from '../../../test/fake-receiver.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * The Profile page's Send Test Alert (issue 27): the reply says how each channel really took it. It said
 * "sent to 2 channels" (and the alert itself "your channels work") while Telegram refused every message.
 */

const BOT_TOKEN = '123456789:AAF-a-test-bot-token-0123456789';

let t: TestApp;
const receivers: Array<Awaited<ReturnType<typeof fakeReceiver>>> = [];
afterEach(async () => {
  await t.close();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiver(statuses: number[]) {
  const r = await fakeReceiver(statuses);
  receivers.push(r);
  return r;
}

describe('the test alert', () => {
  it('says Telegram did not take it when Telegram refused, beside the webhook that did, and sends neither twice', async () => {
    const telegram = await receiver([400]); // Telegram's "chat not found"
    const webhook = await receiver([]);
    t = await buildTestApp({ telegramApiRoot: telegram.url });
    const owner = await buildUser(t);
    const saved = await t.request({
      method: 'PUT',
      url: '/api/alerts/channels',
      token: owner.token,
      payload: {
        telegram_bot_token: BOT_TOKEN,
        telegram_chat_id: '-100999',
        webhook_url: `${webhook.url}/hook`,
        webhook_secret: 'my-webhook-signing-secret',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const res = await t.request({ method: 'POST', url: '/api/alerts/channels/test', token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: TestAlertReply }>().data).toEqual({
      channels: [
        { channel: 'telegram', status: 'failed', error: 'Telegram did not find the chat: check the Chat ID' },
        { channel: 'webhook', status: 'delivered', error: null },
      ],
    });
    // The bell has it, and it claims nothing about the channels.
    const bell = await t.request({ method: 'GET', url: '/api/alerts', token: owner.token });
    const [alert] = bell.json<{ data: AlertsPage }>().data.alerts;
    expect(alert?.kind).toBe('test');
    expect(alert?.body).not.toMatch(/work/i);

    // Sent once each: the worker finds nothing of it left to send.
    await t.services.alertsTick(t.clock.now());
    await t.services.alertsTick(t.clock.now() + 3_600_000);
    expect([telegram.received.length, webhook.received.length]).toEqual([1, 1]);
  });

  it('answers with no channels when there are none: the bell only', async () => {
    t = await buildTestApp();
    const owner = await buildUser(t);
    const res = await t.request({ method: 'POST', url: '/api/alerts/channels/test', token: owner.token });
    expect(res.json<{ data: TestAlertReply }>().data).toEqual({ channels: [] });
  });
});
