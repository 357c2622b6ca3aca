// Seeds users, and arranges data a user-screen spec is not about, straight through the API.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { accountIdFor, ADMIN, createUserViaApi, expect, test as base, uniqueName } from './fixtures.js';
import { AdminPage } from './pages/admin.page.js';
import { HomePage } from './pages/home.page.js';
import { LoginPage } from './pages/login.page.js';
import { UserAdminStrategiesPage } from './pages/user-admin-strategies.page.js';
import { UserBrokersPage } from './pages/user-brokers.page.js';
import { UserMappingsPage } from './pages/user-mappings.page.js';
import { UserProfilePage } from './pages/user-profile.page.js';
import { UserActiveStrategiesPage } from './pages/user-strategies.page.js';
import { UserTransactionsPage } from './pages/user-transactions.page.js';

export { accountIdFor, expect };

/** The shared fixtures plus the user-screen page objects. */
export const test = base.extend<{
  brokersPage: UserBrokersPage;
  mappingsPage: UserMappingsPage;
  activeStrategies: UserActiveStrategiesPage;
  recentTransactions: UserTransactionsPage;
  adminStrategies: UserAdminStrategiesPage;
  profilePage: UserProfilePage;
}>({
  brokersPage: async ({ page }, use) => use(new UserBrokersPage(page)),
  mappingsPage: async ({ page }, use) => use(new UserMappingsPage(page)),
  activeStrategies: async ({ page }, use) => use(new UserActiveStrategiesPage(page)),
  recentTransactions: async ({ page }, use) => use(new UserTransactionsPage(page)),
  adminStrategies: async ({ page }, use) => use(new UserAdminStrategiesPage(page)),
  profilePage: async ({ page }, use) => use(new UserProfilePage(page)),
});

export interface TestUser {
  id: number;
  username: string;
  password: string;
  token: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as `token` and returns `data`, failing the test on an unexpected status. */
export async function apiAs<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: Method,
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data !== undefined ? { data } : {}),
  });
  expect(res.ok(), `${method} ${path} -> ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** A fresh user (role user) and their session token. */
export async function newUser(request: APIRequestContext, prefix: string): Promise<TestUser> {
  const username = uniqueName(prefix);
  // Not `${prefix}-password`: the console refuses a common word beside "password" as too easy to guess.
  const password = `${prefix}-Copper-kettle-58`;
  await createUserViaApi(request, username, password);
  const res = await request.post('/api/auth/login', { data: { username, password } });
  const body = (await res.json()) as { data: { token: string; user: { id: number } } };
  return { id: body.data.user.id, username, password, token: body.data.token };
}

export interface UserBrokerRow {
  id: number;
  broker_username: string;
}

/** Adds a broker configuration for the user ('Zerodha' or 'Binance'). */
export async function addBrokerViaApi(
  request: APIRequestContext,
  user: TestUser,
  broker: 'Zerodha' | 'Binance',
  brokerUsername: string,
  brokerToken?: string,
): Promise<UserBrokerRow> {
  const brokers = await apiAs<Array<{ id: number; name: string }>>(request, user.token, 'GET', '/brokers/list');
  const brokerId = brokers.find((b) => b.name === broker)?.id;
  expect(brokerId, `broker ${broker} is seeded`).toBeDefined();
  return apiAs<UserBrokerRow>(request, user.token, 'POST', '/brokers/user-brokers', {
    broker_id: brokerId,
    broker_username: brokerUsername,
    ...(brokerToken ? { broker_token: brokerToken } : {}),
  });
}

export interface MappingInput {
  user_broker_id: number;
  strategy_id?: number;
  instrument_id?: number;
  is_active?: 0 | 1;
  is_dummy?: 0 | 1;
  ce_count?: number;
  pe_count?: number;
  start_time?: string | null;
  end_time?: string | null;
}

/** Creates a strategy mapping (RDX on NIFTY 50 unless told otherwise); returns its id. */
export async function addMappingViaApi(request: APIRequestContext, user: TestUser, input: MappingInput) {
  // Live unless the spec says otherwise: these specs were written against the API's old default.
  const mapping = await apiAs<{ id: number }>(request, user.token, 'POST', '/strategies/user-mappings', {
    strategy_id: 1,
    instrument_id: 1,
    is_dummy: 0,
    ...input,
  });
  return mapping.id;
}

/** Signs `user` in through the login screen and waits for their home. */
export async function signIn(
  { loginPage, homePage }: { loginPage: LoginPage; homePage: HomePage },
  user: Pick<TestUser, 'username' | 'password'>,
) {
  await loginPage.open();
  await loginPage.login(user.username, user.password);
  await homePage.expectLoaded(user.username);
}

/**
 * An admin signed in through the login screen in a browser context of their own (their own
 * localStorage), next to the user's: for what only an admin can do, such as the RDX service.
 */
export async function openAdminConsole(
  browser: Browser,
): Promise<{ page: Page; admin: AdminPage; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const loginPage = new LoginPage(page);
  const admin = new AdminPage(page);
  await loginPage.open();
  await loginPage.login(ADMIN.username, ADMIN.password);
  await admin.expectLoaded(ADMIN.username);
  return { page, admin, close: () => context.close() };
}

/** An RDX configuration for a mapping, for specs that are not about the RDX modal. */
export async function addRdxConfigViaApi(
  request: APIRequestContext,
  user: TestUser,
  mappingId: number,
  config: { rdx_lot_count?: number; atm_value?: number; offset_value?: number; interval?: string } = {},
) {
  await apiAs(request, user.token, 'POST', `/strategies/user-mappings/${mappingId}/rdx-config`, {
    rdx_lot_count: 1,
    atm_value: 0,
    offset_value: 0,
    interval: '15m',
    ...config,
  });
}
