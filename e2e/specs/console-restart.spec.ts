// A console restarted under an open screen (an upgrade, a crash): the screen catches up by itself when the
// console is back, and if it stays away longer than the socket's five reconnection attempts, a bar says
// live updates stopped and its Reconnect button brings them back, with whatever changed meanwhile, all
// without reloading the page. Unattended, the bar goes by itself once the console is back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdminPage } from '../pages/admin.page.js';
import { LoginPage } from '../pages/login.page.js';
import { freePort, run, waitForOk } from '../processes.js';
import { expect, test } from '../fixtures.js';

const OWNER = { username: 'operator', password: 'Operator-restart-2026' };

/** One console on a fixed port and data directory, which can be stopped and started again. */
async function restartableConsole() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdx-restart-'));
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    SANDBOX_PORT: '',
  };
  let server = run(['server/dist/main.js'], env);
  await waitForOk(`${url}/api/health`, server.child, server.output);
  return {
    url,
    stop: () => server.stop(),
    async start() {
      server = run(['server/dist/main.js'], env);
      await waitForOk(`${url}/api/health`, server.child, server.output);
    },
    async remove() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Seeding through the API (the screen under test stays as it was). */
async function seedUser(url: string, username: string) {
  const post = async (path_: string, body: unknown, token?: string) => {
    const res = await fetch(`${url}/api${path_}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path_}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { token?: string } }).data;
  };
  const { token } = await post('/auth/login', OWNER);
  await post('/users', { username, password: 'Joined-meanwhile-2026', role: 'user' }, token);
}

test('an open screen catches up after a console restart, and offers Reconnect once the retries are spent', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const console_ = await restartableConsole();
  const context = await browser.newContext({ baseURL: console_.url });
  try {
    const page = await context.newPage();
    await new LoginPage(page).open();
    await new LoginPage(page).login(OWNER.username, OWNER.password);
    const admin = new AdminPage(page);
    await admin.expectLoaded(OWNER.username);
    await admin.openTab('users');
    await expect(admin.userRow(OWNER.username)).toBeVisible();

    // Down: the users list read again fails, as it would for an admin clicking around meanwhile.
    // (A list read in the last 5 s is not read again: the admin keeps clicking until it is.)
    await console_.stop();
    await expect(async () => {
      await admin.openTab('instruments');
      await admin.openTab('users');
      await expect(page.getByText('Failed to fetch users')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    // Back within the retries: the list comes back without a reload.
    await console_.start();
    // The list read again when the socket's next retry reaches the console (up to ~8 s after it is back, more
    // on a loaded machine): the error goes and the rows stay.
    await expect(page.getByText('Failed to fetch users')).toHaveCount(0, { timeout: 30_000 });
    await expect(admin.userRow(OWNER.username)).toBeVisible();

    // Down for longer than the five retries (about 17 s): the bar says so; Reconnect brings it back.
    await console_.stop();
    const lost = page.getByRole('alert').filter({ hasText: 'Live updates stopped' });
    await expect(lost).toBeVisible({ timeout: 45_000 });
    await page.screenshot({ path: 'e2e/artifacts/screens/realtime-lost.png' });
    await console_.start();
    // Meanwhile another admin (another console of a cluster, say) added a user: Reconnect reads it in.
    await seedUser(console_.url, 'joined_meanwhile');
    await expect(admin.userRow('joined_meanwhile')).toHaveCount(0);
    await lost.getByRole('button', { name: 'Reconnect' }).click();
    await expect(lost).toHaveCount(0);
    await expect(admin.userRow('joined_meanwhile')).toBeVisible();

    // Down that long once more, and back while nobody presses Reconnect: the bar goes by itself (a quiet
    // try every 30 s), rather than saying the console cannot be reached over a screen that works.
    await console_.stop();
    await expect(lost).toBeVisible({ timeout: 45_000 });
    await console_.start();
    await seedUser(console_.url, 'joined_unattended');
    await expect(lost).toHaveCount(0, { timeout: 45_000 });
    await expect(admin.userRow('joined_unattended')).toBeVisible();
  } finally {
    await context.close();
    await console_.remove();
  }
});
