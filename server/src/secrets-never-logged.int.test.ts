import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/child-server.js';
import { fakeReceiver } from '../test/fake-receiver.js';

/*
 * Issue 14: no secret ever reaches the logs. A real console (server/dist/main.js) logs at trace while every
 * kind of secret passes through it — passwords, session tokens, broker tokens, a Kite app's key and secret,
 * a Telegram bot token, a webhook secret, SECRET_KEY itself — and then its whole output is searched for each.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const unique = (label: string) => `${label}${randomBytes(9).toString('hex')}`;

/** Polls until `ready()` holds (no fixed sleep); fails with `what` after `ms`. */
async function until(what: string, ready: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(process.env.TEST_DB_DIALECT === 'postgres')('secrets never reach the logs', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdx-secret-logs-'));
  const secrets = {
    secretKey: unique('secret-key-'),
    previousSecretKey: unique('previous-secret-key-'),
    adminPassword: unique('admin-pw-'),
    adminNewPassword: unique('admin-new-pw-'),
    userPassword: unique('user-pw-'),
    userNewPassword: unique('user-new-pw-'),
    wrongPassword: unique('wrong-pw-'),
    brokerToken: unique('brokertoken'),
    brokerTokenUpdated: unique('brokertoken2'),
    apiKey: unique('apikey'),
    apiSecret: unique('apisecret'),
    kitePassword: unique('kite-pw-'),
    botToken: `123456789:${unique('bot')}`,
    webhookSecret: unique('webhook-secret-'),
  };
  /** Session tokens the API handed out: secrets too. */
  const sessionTokens: string[] = [];
  let output = '';
  let child: ChildProcess;
  let telegram: Awaited<ReturnType<typeof fakeReceiver>>;
  let hook: Awaited<ReturnType<typeof fakeReceiver>>;
  let base = '';

  beforeAll(async () => {
    telegram = await fakeReceiver([], 401);
    hook = await fakeReceiver([]);
    const port = await freePort();
    base = `http://127.0.0.1:${port}/api`;
    child = spawn(process.execPath, [path.join(repoRoot, 'server/dist/main.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        // The most talkative level: whatever any module logs, it logs here.
        LOG_LEVEL: 'trace',
        SEED_DEMO: '0',
        SECRET_KEY: secrets.secretKey,
        SECRET_KEY_PREVIOUS: secrets.previousSecretKey,
        ADMIN_PASSWORD: secrets.adminPassword,
        TELEGRAM_API_ROOT: telegram.url,
        // Its webhook receiver listens on loopback.
        WEBHOOK_ALLOW_PRIVATE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`console exited: ${output}`);
      const ok = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 1200) throw new Error(`console never answered: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 90_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    }
    await telegram.close();
    await hook.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function call(method: string, url: string, body?: unknown, token?: string) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as { data?: unknown };
    return { status: res.status, data: json.data as Record<string, unknown> };
  }

  async function login(username: string, password: string): Promise<string> {
    const res = await call('POST', '/auth/login', { username, password });
    expect(res.status).toBeOneOf([200, 201]);
    const token = res.data.token as string;
    sessionTokens.push(token);
    return token;
  }

  it('logs every request, yet none of the secrets that passed through', { timeout: 120_000 }, async () => {
    // Passwords: a failed sign-in, a sign-in, and a change of password, for the admin and for a trader.
    expect((await call('POST', '/auth/login', { username: 'admin', password: secrets.wrongPassword })).status).toBe(
      401,
    );
    const first = await login('admin', secrets.adminPassword);
    const changed = await call(
      'POST',
      '/auth/change-password',
      { current_password: secrets.adminPassword, new_password: secrets.adminNewPassword },
      first,
    );
    expect(changed.status).toBeOneOf([200, 201]);
    const admin = await login('admin', secrets.adminNewPassword);
    const created = await call(
      'POST',
      '/users',
      { username: 'asha', password: secrets.userPassword, role: 'user' },
      admin,
    );
    expect(created.status).toBeOneOf([200, 201]);
    const firstUser = await login('asha', secrets.userPassword);
    expect(
      (
        await call(
          'POST',
          '/auth/change-password',
          { current_password: secrets.userPassword, new_password: secrets.userNewPassword },
          firstUser,
        )
      ).status,
    ).toBeOneOf([200, 201]);
    const user = await login('asha', secrets.userNewPassword);

    // Broker credentials: created, updated, and a Kite login with a password that the sandbox refuses.
    const brokers = await call('GET', '/brokers/list', undefined, user);
    const brokerId = (brokers.data as unknown as Array<{ id: number }>)[0]?.id;
    const account = await call(
      'POST',
      '/brokers/user-brokers',
      {
        broker_id: brokerId,
        broker_username: 'AB1234',
        broker_token: secrets.brokerToken,
        api_key: secrets.apiKey,
        api_secret: secrets.apiSecret,
      },
      user,
    );
    expect(account.status).toBeOneOf([200, 201]);
    const accountId = account.data.id as number;
    expect(
      (await call('PUT', `/brokers/user-brokers/${accountId}`, { broker_token: secrets.brokerTokenUpdated }, user))
        .status,
    ).toBeOneOf([200, 201]);
    const kiteLogin = await call(
      'POST',
      `/brokers/user-brokers/${accountId}/generate-token`,
      { password: secrets.kitePassword, appcode: '123456' },
      user,
    );
    expect(kiteLogin.status).toBeGreaterThanOrEqual(400);
    expect(
      (await call('GET', `/brokers/admin/user-brokers/${created.data.id as number}`, undefined, admin)).status,
    ).toBeOneOf([200, 201]);

    // Alert channels: set, then a test alert goes out through both (Telegram refuses it: the failure path logs).
    const channels = await call(
      'PUT',
      '/alerts/channels',
      {
        telegram_bot_token: secrets.botToken,
        telegram_chat_id: '42',
        webhook_url: `${hook.url}/hook`,
        webhook_secret: secrets.webhookSecret,
      },
      user,
    );
    expect(channels.status).toBeOneOf([200, 201]);
    expect(channels.data.active).toEqual(['telegram', 'webhook']);
    expect((await call('POST', '/alerts/channels/test', undefined, user)).status).toBeOneOf([200, 201]);
    await until(
      'both channels to be sent the test alert',
      () => telegram.received.length > 0 && hook.received.length > 0,
    );
    expect((await call('POST', '/auth/logout', undefined, user)).status).toBeOneOf([200, 201]);

    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;

    // The logs are there and name what was done...
    expect(output).toContain('"msg":"request completed"');
    expect(output).toContain('/api/brokers/user-brokers');
    expect(output).toContain('/api/alerts/channels');
    // ...but no secret, in any of its forms.
    const everything = [...Object.values(secrets), ...sessionTokens];
    const leaked = everything.filter((s) => output.includes(s) || output.includes(encodeURIComponent(s)));
    expect(leaked).toEqual([]);
  });
});
