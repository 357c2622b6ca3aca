import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { guardBrowser, startRecording } from './csp-guard.js';
import { AdminPage } from './pages/admin.page.js';
import { HomePage } from './pages/home.page.js';
import { LoginPage } from './pages/login.page.js';
import { ADMIN } from './playwright.config.js';

export { expect, ADMIN };

let seq = 0;
/** A username no other test uses, so specs can run in parallel on one server. */
export function uniqueName(prefix: string): string {
  seq += 1;
  return `${prefix}_${process.pid}_${Date.now() % 1_000_000}_${seq}`;
}

/** Admin token through the API, for arranging data a spec is not about. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

/**
 * A user (role user) who has chosen their own `password`. A password an admin sets must be replaced at the
 * first sign-in (issue 27), so the user is created with one of the admin's and changes it, as a new user would.
 */
export async function createUserViaApi(request: APIRequestContext, username: string, password: string) {
  const token = await adminToken(request);
  const fromAdmin = `${password}-from-admin`;
  const res = await request.post('/api/users', {
    data: { username, password: fromAdmin, role: 'user' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { username, password: fromAdmin } });
  const own = await request.post('/api/auth/change-password', {
    data: { current_password: fromAdmin, new_password: password },
    headers: { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` },
  });
  expect(own.status(), await own.text()).toBe(200);
}

export const test = base.extend<{
  loginPage: LoginPage;
  adminPage: AdminPage;
  homePage: HomePage;
  cspClean: void;
}>({
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  adminPage: async ({ page }, use) => use(new AdminPage(page)),
  homePage: async ({ page }, use) => use(new HomePage(page)),
  // Every context any story opens reports Content-Security-Policy violations (csp-guard.ts) ...
  browser: [
    async ({ browser }, use) => {
      const restore = guardBrowser(browser);
      await use(browser);
      restore();
    },
    { scope: 'worker' },
  ],
  // ... and a story that caused one fails, after its own steps (its pages are closed by then).
  cspClean: [
    // Playwright reads a fixture's dependencies from this pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stop = startRecording();
      await use();
      expect(stop(), 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * A broker account name (a Kite user ID is letters and digits) unique to the user: the underscores of
 * uniqueName become X, and the console keeps it upper case, as Kite writes user IDs.
 */
export function accountIdFor(user: { username: string }, suffix: string): string {
  return `${user.username}X${suffix}`.replace(/_/g, 'X').toUpperCase();
}
