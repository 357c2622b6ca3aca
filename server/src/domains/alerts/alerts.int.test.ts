import type { AlertChannels, AlertsPage, TestAlertReply } from '@app/contract';
import { RUNNING_STATUS } from '@app/contract';
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildAdmin,
  buildMapping,
  buildRdxConfig,
  buildUser,
  buildUserBroker,
  type TestUser,
} from '../../../test/factories.js';
import { iso } from '../../platform/time.js';
import { fakeReceiver } from '../../../test/fake-receiver.js';
import { buildTestApp, TEST_START, type TestApp } from '../../../test/test-app.js';

/*
 * Alerts through the HTTP API (issue 13): what stops a strategy without its trader reaches their bell, their
 * Telegram (a fake Bot API on loopback) and their webhook, each retried after a failure; nobody else's.
 */

const BOT_TOKEN = '123456789:AAF-a-test-bot-token-0123456789';
const CHAT_ID = '-1001234567890';
const WEBHOOK_SECRET = 'my-webhook-signing-secret';
/** NIFTY's lot (NSE, from the January 2026 expiries). */
const NIFTY_LOT = 65;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

let t: TestApp;
let owner: TestUser;
let telegram: Awaited<ReturnType<typeof fakeReceiver>>;
let webhook: Awaited<ReturnType<typeof fakeReceiver>>;

beforeEach(async () => {
  telegram = await fakeReceiver([502]);
  webhook = await fakeReceiver([503]);
  t = await buildTestApp({ telegramApiRoot: telegram.url });
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
  await telegram.close();
  await webhook.close();
});

const actor = (u: TestUser) => ({ userId: u.id, role: u.role });

async function alertsOf(user: TestUser) {
  const res = await t.request({ method: 'GET', url: '/api/alerts?limit=50', token: user.token });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: AlertsPage }>().data;
}
/** Alerts are stored after the event that causes them, off the publisher's path: wait for the count. */
const waitForAlerts = (user: TestUser, n: number) =>
  vi.waitFor(async () => {
    const page = await alertsOf(user);
    // The page and its counts are two reads: an alert landing between them shows in one only.
    expect([page.total, page.alerts.length]).toEqual([n, n]);
    return page;
  });

async function channelsOf(user: TestUser) {
  const res = await t.request({ method: 'GET', url: '/api/alerts/channels', token: user.token });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: AlertChannels }>().data;
}

async function setChannels(user: TestUser, payload: object) {
  return t.request({ method: 'PUT', url: '/api/alerts/channels', token: user.token, payload });
}

async function runningMapping(user: TestUser, overrides: Parameters<typeof buildMapping>[2] = {}) {
  const m = await buildMapping(t, user, overrides);
  await buildRdxConfig(t, user, m.id);
  await t.services.mappings.setRunningStatus(actor(user), m.id, RUNNING_STATUS.RUNNING);
  return m;
}

const deliveries = () =>
  t.database.db.selectFrom('alertDeliveries').selectAll().orderBy('channel').orderBy('id').execute();

describe('alert delivery', () => {
  it('tells the trader of a Max Loss stop in the bell, on Telegram and on the webhook, retrying each once', async () => {
    const saved = await setChannels(owner, {
      telegram_bot_token: BOT_TOKEN,
      telegram_chat_id: CHAT_ID,
      webhook_url: `${webhook.url}/hooks/console`,
      webhook_secret: WEBHOOK_SECRET,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: AlertChannels }>().data).toEqual({
      has_telegram_bot_token: true,
      telegram_chat_id: CHAT_ID,
      webhook_url: `${webhook.url}/hooks/console`,
      has_webhook_secret: true,
      active: ['telegram', 'webhook'],
      last_delivery: { telegram: null, webhook: null },
    });
    // The secrets never come back, and are sealed at rest.
    const read = await t.request({ method: 'GET', url: '/api/alerts/channels', token: owner.token });
    for (const body of [saved.body, read.body]) {
      expect(body).not.toContain(BOT_TOKEN);
      expect(body).not.toContain(WEBHOOK_SECRET);
    }
    const stored = await t.database.db.selectFrom('alertChannels').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(BOT_TOKEN);
    expect(JSON.stringify(stored)).not.toContain(WEBHOOK_SECRET);

    const m = await runningMapping(owner);
    await t.services.mappings.setRunningStatus(actor(owner), m.id, RUNNING_STATUS.STOPPED, undefined, 'max_loss');
    const page = await waitForAlerts(owner, 1);
    expect(page.unread).toBe(1);
    expect(page.alerts[0]).toMatchObject({
      kind: 'strategy_stopped',
      title: 'Strategy stopped: Max Loss reached',
      user_strategy_mapping_id: m.id,
      read_at: null,
    });

    // First attempt: both receivers fail, and nothing is sent again before the backoff.
    const now = t.clock.now();
    await t.services.alertsTick(now);
    expect([telegram.received.length, webhook.received.length]).toEqual([1, 1]);
    expect((await deliveries()).map((d) => [d.channel, d.status, d.attempts])).toEqual([
      ['telegram', 'pending', 1],
      ['webhook', 'pending', 1],
    ]);
    expect((await deliveries())[0]?.lastError).toBe('Telegram is having trouble (HTTP 502)');
    // The trader sees it on their channels: not delivered yet, why, and when it is tried again.
    expect((await channelsOf(owner)).last_delivery).toEqual({
      telegram: {
        status: 'pending',
        attempts: 1,
        at: iso(now + 30_000),
        error: 'Telegram is having trouble (HTTP 502)',
      },
      // The trader's own URL: the class of the answer only, never what answered (issue 27).
      webhook: {
        status: 'pending',
        attempts: 1,
        at: iso(now + 30_000),
        error: 'The webhook could not take it (HTTP 5xx)',
      },
    });
    await t.services.alertsTick(now + 29_000);
    expect([telegram.received.length, webhook.received.length]).toEqual([1, 1]);

    // The retry after 30 s gets through.
    await t.services.alertsTick(now + 30_000);
    expect([telegram.received.length, webhook.received.length]).toEqual([2, 2]);
    expect((await deliveries()).map((d) => [d.channel, d.status, d.attempts, d.lastError])).toEqual([
      ['telegram', 'delivered', 2, null],
      ['webhook', 'delivered', 2, null],
    ]);
    expect((await channelsOf(owner)).last_delivery).toEqual({
      telegram: { status: 'delivered', attempts: 2, at: iso(now + 30_000), error: null },
      webhook: { status: 'delivered', attempts: 2, at: iso(now + 30_000), error: null },
    });
    await t.services.alertsTick(now + 3_600_000);
    expect([telegram.received.length, webhook.received.length]).toEqual([2, 2]);

    const message = telegram.received[1];
    expect(message?.path).toBe(`/bot${BOT_TOKEN}/sendMessage`);
    expect(JSON.parse(message?.body ?? '{}')).toEqual({
      chat_id: CHAT_ID,
      text: `Strategy stopped: Max Loss reached\n\n${page.alerts[0]?.body}`,
    });

    const hook = webhook.received[1];
    expect(hook?.path).toBe('/hooks/console');
    const expected = createHmac('sha256', WEBHOOK_SECRET)
      .update(hook?.body ?? '')
      .digest('hex');
    expect(hook?.headers['x-signature']).toBe(`sha256=${expected}`);
    const payload = JSON.parse(hook?.body ?? '{}') as { delivery_id: number; alert: unknown };
    expect(payload.alert).toEqual(page.alerts[0]);
    // The retry carries the same delivery id, so a receiver can tell a duplicate.
    expect(JSON.parse(webhook.received[0]?.body ?? '{}')).toMatchObject({ delivery_id: payload.delivery_id });

    // Read in the bell; another user sees none of it.
    const marked = await t.request({
      method: 'POST',
      url: '/api/alerts/read',
      token: owner.token,
      payload: { all: true },
    });
    expect(marked.json<{ data: { unread: number } }>().data).toEqual({ unread: 0 });
    expect((await alertsOf(owner)).alerts[0]?.read_at).not.toBeNull();
    const other = await buildUser(t);
    expect(await alertsOf(other)).toEqual({ alerts: [], total: 0, unread: 0 });
  });

  it("tells the admins of a trader's automatic stop, naming the trader; the owner reads their own words", async () => {
    const admin = await buildAdmin(t);
    const m = await runningMapping(owner);
    await t.services.mappings.setRunningStatus(actor(owner), m.id, RUNNING_STATUS.STOPPED, undefined, 'daily_max_loss');
    const [mine, theirs] = await Promise.all([waitForAlerts(owner, 1), waitForAlerts(admin, 1)]);
    expect(mine.alerts[0]?.title).toBe('Strategy stopped: Daily Max Loss reached');
    expect(theirs.alerts[0]).toMatchObject({
      kind: 'strategy_stopped',
      title: `Strategy stopped: Daily Max Loss reached (${owner.username})`,
      user_strategy_mapping_id: m.id,
    });
    expect(theirs.alerts[0]?.body).toMatch(new RegExp(`^${owner.username}'s `));
    expect(theirs.alerts[0]?.body).toContain("because the trader's strategies' loss for the day reached their Daily");
    expect(mine.alerts[0]?.body).toContain("because your strategies' loss for the day reached your Daily Max Loss");
  });

  it("says nothing of the trader's own stop, and gives up on a receiver that refuses for good", async () => {
    telegram.received.length = 0;
    await setChannels(owner, { telegram_bot_token: BOT_TOKEN, telegram_chat_id: CHAT_ID });
    const m = await runningMapping(owner);
    await t.services.mappings.setRunningStatus(actor(owner), m.id, RUNNING_STATUS.STOPPED, undefined, 'manual');
    // The test alert is the only one: sent after the manual stop, it is found once the stop had its chance.
    const test = await t.request({ method: 'POST', url: '/api/alerts/channels/test', token: owner.token });
    // Sent while the trader waits: Telegram failed for now, and the reply says so (issue 27).
    expect(test.json<{ data: TestAlertReply }>().data).toEqual({
      channels: [{ channel: 'telegram', status: 'pending', error: 'Telegram is having trouble (HTTP 502)' }],
    });
    const page = await waitForAlerts(owner, 1);
    expect(page.alerts[0]?.kind).toBe('test');

    // Telegram's 401 (a revoked bot) ends the delivery at once; a 502 first would have been retried.
    const unauthorized = await fakeReceiver([401]);
    await t.close();
    t = await buildTestApp({ telegramApiRoot: unauthorized.url });
    owner = await buildUser(t);
    await setChannels(owner, { telegram_bot_token: BOT_TOKEN, telegram_chat_id: CHAT_ID });
    await t.request({ method: 'POST', url: '/api/alerts/channels/test', token: owner.token });
    await t.services.alertsTick(t.clock.now());
    await t.services.alertsTick(t.clock.now() + 3_600_000);
    expect(unauthorized.received).toHaveLength(1);
    expect((await deliveries()).map((d) => [d.status, d.attempts])).toEqual([['failed', 1]]);
    expect((await channelsOf(owner)).last_delivery).toEqual({
      telegram: {
        status: 'failed',
        attempts: 1,
        at: expect.any(String),
        error: 'Telegram did not accept the Bot Token: check it',
      },
      webhook: null,
    });
    await unauthorized.close();
  });

  it('refuses half a channel and a malformed token, and clears a channel', async () => {
    const half = await setChannels(owner, { telegram_chat_id: CHAT_ID });
    expect(half.statusCode).toBe(400);
    expect(half.json<{ error: string }>().error).toMatch(/both a Bot Token and a Chat ID/);
    const bad = await setChannels(owner, { telegram_bot_token: 'not-a-token', telegram_chat_id: CHAT_ID });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/Telegram Bot Token/);
    const noSecret = await setChannels(owner, { webhook_url: webhook.url });
    expect(noSecret.statusCode).toBe(400);
    // Addresses the pattern lets through but no URL parser reads: a 400 with the reason, never a 500.
    for (const url of ['http://%zz', 'https://host:port/x', 'http://[::1/x']) {
      const unreadable = await setChannels(owner, { webhook_url: url, webhook_secret: WEBHOOK_SECRET });
      expect(unreadable.statusCode, url).toBe(400);
      expect(unreadable.json<{ error: string }>().error).toContain('Webhook URL is not a valid address');
    }

    await setChannels(owner, { webhook_url: webhook.url, webhook_secret: WEBHOOK_SECRET });
    // Leaving the secret out keeps it; empty strings clear.
    const moved = await setChannels(owner, { webhook_url: `${webhook.url}/v2` });
    expect(moved.json<{ data: AlertChannels }>().data).toMatchObject({ has_webhook_secret: true, active: ['webhook'] });
    const cleared = await setChannels(owner, { webhook_url: '', webhook_secret: '' });
    expect(cleared.json<{ data: AlertChannels }>().data).toEqual({
      has_telegram_bot_token: false,
      telegram_chat_id: null,
      webhook_url: null,
      has_webhook_secret: false,
      active: [],
      last_delivery: { telegram: null, webhook: null },
    });
  });
});

describe('alert sources', () => {
  it('tells every user when the kill switch is engaged, once, not once per stopped strategy', async () => {
    const admin = await buildAdmin(t);
    await runningMapping(owner);
    await runningMapping(owner);
    const engaged = await t.request({
      method: 'POST',
      url: '/api/risk/kill-switch',
      token: admin.token,
      payload: { engaged: true },
    });
    expect(engaged.statusCode).toBe(200);
    const mine = await waitForAlerts(owner, 1);
    expect(mine.alerts[0]).toMatchObject({ kind: 'kill_switch', title: 'Kill switch engaged' });
    expect(mine.alerts[0]?.body).not.toMatch(/It stopped/);
    const admins = await waitForAlerts(admin, 1);
    expect(admins.alerts[0]?.body).toMatch(/It stopped 2 strategies/);

    await t.request({ method: 'POST', url: '/api/risk/kill-switch', token: admin.token, payload: { engaged: false } });
    expect((await waitForAlerts(owner, 2)).alerts[0]?.title).toBe('Kill switch released');
  });

  it('tells the owner and the admins of a reconciliation drift once while it stays the same', async () => {
    const admin = await buildAdmin(t);
    const broker = await buildUserBroker(t, owner, { broker_username: 'CC1234' });
    const brokerToken = t.sandbox.control.issueKiteAccessToken('CC1234');
    await t.services.brokers.update(actor(owner), broker.id, { broker_token: brokerToken });
    await runningMapping(owner, { is_dummy: 0, user_broker_id: broker.id });
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const reconcile = (user: TestUser) =>
      t.request({ method: 'GET', url: '/api/positions/reconcile', token: user.token });
    const agreed = await reconcile(owner);
    const symbol = agreed.json<{ data: { accounts: Array<{ symbols: Array<{ trading_symbol: string }> }> } }>().data
      .accounts[0]?.symbols[0]?.trading_symbol;
    expect(symbol).toBeDefined();

    // Someone buys back one leg at the broker, outside the console.
    const order = await fetch(`${t.sandbox.urls.kiteApi}/orders/regular`, {
      method: 'POST',
      headers: {
        'X-Kite-Version': '3',
        Authorization: `token sandbox_api_key:${brokerToken}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        exchange: 'NFO',
        tradingsymbol: symbol ?? '',
        transaction_type: 'BUY',
        quantity: String(NIFTY_LOT),
        product: 'NRML',
        order_type: 'MARKET',
        market_protection: '-1',
        validity: 'DAY',
      }).toString(),
    });
    expect(order.status).toBe(200);
    await reconcile(owner);
    // The drift, and (issue 27) the strategy paused on the leg the broker no longer holds.
    const own = await waitForAlerts(owner, 2);
    const drift = own.alerts.find((a) => a.kind === 'reconciliation_drift');
    expect(drift).toMatchObject({ title: 'Broker positions differ: CC1234', user_broker_id: broker.id });
    expect(drift?.body).toContain(`${symbol}: console ${NIFTY_LOT}, broker 0`);
    expect(own.alerts.find((a) => a.kind === 'strategy_stopped')?.title).toBe(
      'Strategy paused: broker positions differ',
    );
    expect((await waitForAlerts(admin, 2)).alerts.map((a) => a.title).sort()).toEqual([
      `Broker positions differ: CC1234 (${owner.username})`,
      `Strategy paused: broker positions differ (${owner.username})`,
    ]);

    // Asked again (by both) with nothing changed: no new alert (and the strategy is paused already).
    await reconcile(owner);
    await reconcile(admin);
    await t.request({ method: 'POST', url: '/api/alerts/channels/test', token: owner.token });
    const after = await waitForAlerts(owner, 3);
    expect(after.alerts[0]?.kind).toBe('test');
    expect((await alertsOf(admin)).total).toBe(2);
  });

  it("warns once per token when a running live strategy's token dies before the next open", async () => {
    const broker = await buildUserBroker(t, owner, { broker_username: 'CC1234' });
    await t.services.brokers.update(actor(owner), broker.id, {
      broker_token: t.sandbox.control.issueKiteAccessToken('CC1234'),
    });
    await runningMapping(owner, { is_dummy: 0, user_broker_id: broker.id });

    await t.services.alertsTick(TEST_START); // Monday 10:30 IST: the market is open
    await t.request({ method: 'POST', url: '/api/alerts/channels/test', token: owner.token });
    expect((await waitForAlerts(owner, 1)).alerts[0]?.kind).toBe('test');

    const evening = Date.parse('2026-11-23T16:00:00+05:30');
    await t.services.alertsTick(evening);
    const page = await waitForAlerts(owner, 2);
    expect(page.alerts[0]).toMatchObject({ kind: 'token_expiring', user_broker_id: broker.id });
    // Tuesday 24 Nov 2026 is an NSE holiday (Guru Nanak Jayanti): the next open is Wednesday's.
    expect(page.alerts[0]?.body).toContain(
      'expires at Tue 24 Nov, 06:00 IST, before the market opens at Wed 25 Nov, 09:15 IST',
    );
    await t.services.alertsTick(evening + 3_600_000);
    expect((await alertsOf(owner)).total).toBe(2);
  });
});
