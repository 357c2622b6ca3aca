import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChildServer, freePort } from '../test/child-server.js';
import { jsonOf, loginThroughKite, type KiteLoginTarget } from '../test/sandbox-helpers.js';
import {
  SANDBOX_KITE_API_KEY as kiteApiKey,
  SANDBOX_KITE_API_SECRET as kiteApiSecret,
  SANDBOX_USER_PASSWORD,
  sandboxTotpCode,
} from './sandbox/sandbox-accounts.js';

/**
 * `npm start` exactly as the README says (scripts/start.mjs: build what is stale, then serve), twice in a row
 * on the same data directory: the second start finds everything built, the database seeded, and the
 * in-process sandbox exchange still honouring the Kite access token it issued during the first.
 */
describe.skipIf(process.env.TEST_DB_DIALECT === 'postgres')('npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdx-npm-start-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /**
   * Starts `npm start` on a free port. The first start builds the web app before it listens, long enough for
   * a parallel test to take the port we picked; that attempt is retried on another port.
   */
  async function listening(): Promise<{ server: ChildServer; sandbox: KiteLoginTarget }> {
    for (let attempt = 1; ; attempt++) {
      // A known port for the in-process sandbox, so the test can reach it as the console's adapters do.
      const sandboxRoot = `http://127.0.0.1:${await freePort()}`;
      const server = new ChildServer(
        await freePort(),
        {
          DATA_DIR: dataDir,
          ADMIN_PASSWORD: 'npm-start-password',
          DATABASE_URL: '',
          REDIS_URL: '',
          SANDBOX_PORT: new URL(sandboxRoot).port,
        },
        'scripts/start.mjs',
      );
      try {
        await server.start();
        const urls = { kiteApi: `${sandboxRoot}/kite`, kiteLogin: `${sandboxRoot}/kite-login` };
        return { server, sandbox: { urls, credentials: { kiteApiKey, kiteApiSecret } } };
      } catch (err) {
        if (attempt >= 3 || !String(err).includes('EADDRINUSE')) throw err;
      }
    }
  }

  /** Serves once, runs `withSandbox` against its sandbox exchange, and stops as the trader would (SIGTERM). */
  async function startOnce<T>(withSandbox: (sandbox: KiteLoginTarget) => Promise<T>) {
    const { server, sandbox } = await listening();
    try {
      const kite = await withSandbox(sandbox);
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'npm-start-password' }),
      });
      const { token } = ((await login.json()) as { data: { token: string } }).data;
      // What the console runs on is for an admin's eyes (anonymous health says only that it is up).
      const healthReply = await fetch(`${server.url}/api/health`, { headers: { authorization: `Bearer ${token}` } });
      const health = (await healthReply.json()) as { data: { details: { database: string } } };
      const page = await fetch(`${server.url}/login`);
      return { health, loginStatus: login.status, page: await page.text(), logs: server.logs(), kite };
    } finally {
      await server.stop();
    }
  }

  it('serves the console on the first start and again on the second, same data', { timeout: 300_000 }, async () => {
    const first = await startOnce(async (sandbox) => {
      const session = await loginThroughKite(sandbox, 'AB1234', SANDBOX_USER_PASSWORD, sandboxTotpCode(Date.now()));
      return String(session.body.data.access_token);
    });
    expect(first.loginStatus).toBe(200);
    expect(first.page).toContain('<div id="root"></div>');
    const accessToken = first.kite;

    const second = await startOnce(async (sandbox) => {
      const res = await fetch(`${sandbox.urls.kiteApi}/user/profile`, {
        headers: { 'X-Kite-Version': '3', Authorization: `token ${kiteApiKey}:${accessToken}` },
      });
      return { status: res.status, body: await jsonOf(res) };
    });
    // The sandbox kept its sessions in DATA_DIR (sandbox-state.json): Kite does not forget a token on a restart.
    expect(second.kite).toMatchObject({ status: 200, body: { data: { user_id: 'AB1234' } } });
    expect(second.logs).not.toMatch(/ENOTDIR|Error:/);
    expect(second.health.data.details.database).toBe('sqlite');
    expect(second.loginStatus).toBe(200);
    expect(second.page).toContain('<div id="root"></div>');
  });
});
