// The first sign-in of a console's generated admin (issue 14): the printed password opens only a
// "Change your password" screen; a common password is refused there; the chosen one opens the dashboard,
// and from then on signs in straight to it.
import { startFirstTime } from '../first-start.js';
import { AdminPage } from '../pages/admin.page.js';
import { LoginPage } from '../pages/login.page.js';
import { expect, test } from '../fixtures.js';

test('the admin password printed at first start must be changed at first login', async ({ browser }) => {
  const fresh = await startFirstTime('owner');
  const context = await browser.newContext({ baseURL: fresh.url });
  try {
    const page = await context.newPage();
    // The server refuses events until the password is changed, so the console opens no socket before.
    const socketRequests: string[] = [];
    const sockets: string[] = [];
    page.on('request', (req) => req.url().includes('/socket.io/') && socketRequests.push(req.url()));
    page.on('websocket', (ws) => sockets.push(ws.url()));
    const login = new LoginPage(page);
    await login.open();
    await login.login(fresh.admin.username, fresh.admin.password);

    const form = page.getByRole('form', { name: 'Change your password' });
    await expect(form).toContainText('signed in with the password printed when the console first started');
    await expect(page.getByRole('heading', { name: 'Welcome, owner (Admin)' })).toHaveCount(0);

    const change = async (next: string) => {
      await form.getByLabel('Current Password').fill(fresh.admin.password);
      await form.getByLabel('New Password', { exact: true }).fill(next);
      await form.getByLabel('Confirm New Password').fill(next);
      await form.getByRole('button', { name: 'Change Password' }).click();
    };
    await change('password123');
    await expect(form.getByRole('alert')).toHaveText('This password is too common; choose another');

    expect([...socketRequests, ...sockets]).toEqual([]);

    await change('Owner-chose-this-1');
    const admin = new AdminPage(page);
    await admin.expectLoaded('owner');
    await expect.poll(() => sockets.some((url) => url.includes('/socket.io/'))).toBe(true);
    await admin.logout();
    await login.login('owner', 'Owner-chose-this-1');
    await admin.expectLoaded('owner');
  } finally {
    await context.close();
    await fresh.stop();
  }
});
