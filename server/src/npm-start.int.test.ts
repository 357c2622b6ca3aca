import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChildServer, freePort } from '../test/child-server.js';

/**
 * `npm start` exactly as the README says (scripts/start.mjs: build what is stale, then serve), twice in a row
 * on the same data directory: the second start finds everything built and the database seeded.
 */
describe.skipIf(process.env.TEST_DB_DIALECT === 'postgres')('npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdx-npm-start-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /**
   * Starts `npm start` on a free port. The first start builds the web app before it listens, long enough for
   * a parallel test to take the port we picked; that attempt is retried on another port.
   */
  async function listening(): Promise<ChildServer> {
    for (let attempt = 1; ; attempt++) {
      const server = new ChildServer(
        await freePort(),
        { DATA_DIR: dataDir, ADMIN_PASSWORD: 'npm-start-password', DATABASE_URL: '', REDIS_URL: '' },
        'scripts/start.mjs',
      );
      try {
        await server.start();
        return server;
      } catch (err) {
        if (attempt >= 3 || !String(err).includes('EADDRINUSE')) throw err;
      }
    }
  }

  async function startOnce() {
    const server = await listening();
    try {
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as { data: { database: string } };
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'npm-start-password' }),
      });
      const page = await fetch(`${server.url}/login`);
      return { health, loginStatus: login.status, page: await page.text(), logs: server.logs() };
    } finally {
      await server.stop();
    }
  }

  it('serves the console on the first start and again on the second, same data', { timeout: 300_000 }, async () => {
    const first = await startOnce();
    expect(first.loginStatus).toBe(200);
    expect(first.page).toContain('<div id="root"></div>');

    const second = await startOnce();
    expect(second.logs).not.toMatch(/ENOTDIR|Error:/);
    expect(second.health.data.database).toBe('sqlite');
    expect(second.loginStatus).toBe(200);
    expect(second.page).toContain('<div id="root"></div>');
  });
});
