// What a trader and an attacker found at the edges (issue 27), through the screens: SANDBOX said on every
// screen, a Home that loads without one failed request, an admin's test event that never blocks a trader's
// screen, and tables that fit a desk and a phone without cutting anything off.
import type { Page } from '@playwright/test';
import { ADMIN } from '../fixtures.js';
import { AdminInstrumentsPage } from '../pages/admin-instruments.page.js';
import { LayoutPage } from '../pages/layout.page.js';
import { SandboxMarks } from '../pages/sandbox-marks.page.js';
import {
  addBrokerViaApi,
  addMappingViaApi,
  addRdxConfigViaApi,
  expect,
  newUser,
  openAdminConsole,
  signIn,
  test,
  type TestUser,
} from '../user-api.js';

/** A trader with a configured DUMMY strategy, and a LIVE one and a DUMMY one not configured yet. */
async function seedTrader(request: Parameters<typeof newUser>[0], prefix: string) {
  const user = await newUser(request, prefix);
  const broker = await addBrokerViaApi(request, user, 'Zerodha', 'AB1234', 'sandbox-access-token');
  const configured = await addMappingViaApi(request, user, { user_broker_id: broker.id, is_dummy: 1 });
  await addRdxConfigViaApi(request, user, configured);
  const live = await addMappingViaApi(request, user, { user_broker_id: broker.id, is_dummy: 0 });
  // Other counts than the first: the same mapping sent twice is taken as a double submit, made once.
  const bare = await addMappingViaApi(request, user, { user_broker_id: broker.id, is_dummy: 1, ce_count: 2 });
  return { user, configured, live, bare };
}

/** Every failed request, failed load and console error the page meets from now on. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('requestfailed', (r) => {
    // A reload cuts the socket's open long-poll short: the page's own doing, shown to nobody.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed ${r.url()}: ${r.failure()?.errorText}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return problems;
}

test('SANDBOX is said before signing in and on every screen after; LIVE strategies read LIVE · SANDBOX', async ({
  page,
  request,
  loginPage,
  homePage,
  activeStrategies,
  mappingsPage,
}) => {
  const { user, live, configured } = await seedTrader(request, 'chip');
  const marks = new SandboxMarks(page);

  await loginPage.open();
  await expect(marks.chip()).toHaveText('SANDBOX');
  await expect(marks.note()).toHaveText(
    'This console trades on its built-in sandbox exchange: prices are simulated and no order reaches a real broker.',
  );

  await loginPage.login(user.username, user.password);
  await homePage.expectLoaded(user.username);
  await expect(marks.chip()).toBeVisible();
  await expect(marks.modeBadge(activeStrategies.row(live))).toHaveText('LIVE · SANDBOX');
  const dummy = marks.modeBadge(activeStrategies.row(configured));
  await expect(dummy).toHaveText('DUMMY');
  // What DUMMY means is said where the badge is.
  await expect(dummy).toHaveAttribute('title', 'DUMMY (paper: simulated fills, no broker orders)');

  await homePage.openView('Profile');
  await expect(marks.chip()).toBeVisible();
  await homePage.backToHome();
  await mappingsPage.open();
  await expect(marks.chip()).toBeVisible();
  await expect(mappingsPage.rowWith('LIVE · SANDBOX')).toHaveCount(1);
  await expect(mappingsPage.field('Mode').getByRole('option')).toHaveText([
    'DUMMY (paper: simulated fills, no broker orders)',
    'LIVE (orders go to the built-in sandbox exchange, not a real broker)',
  ]);

  const admin = await openAdminConsole(page.context().browser()!);
  await expect(new SandboxMarks(admin.page).chip()).toBeVisible();
  await admin.close();
});

test('Home loads without a failed request or a console error, unconfigured strategies included', async ({
  page,
  request,
  loginPage,
  homePage,
  activeStrategies,
}) => {
  const { user, bare } = await seedTrader(request, 'clean');
  const problems = recordProblems(page);
  await signIn({ loginPage, homePage }, user);
  await new LayoutPage(page).settled();
  await expect(activeStrategies.row(bare)).toBeVisible();
  // Every row's RDX data has been asked for by now: the configured row shows its summary.
  await expect(activeStrategies.table().getByTestId('rdx-summary')).toHaveCount(1);
  await page.reload();
  await homePage.expectLoaded(user.username);
  await expect(activeStrategies.table().getByTestId('rdx-summary')).toHaveCount(1);

  // SPEC's not-found state, with Create, for a strategy with no configuration yet: still no failed request.
  const modal = await activeStrategies.configure(bare);
  await expect(modal.notFound()).toBeVisible();
  expect(problems).toEqual([]);
});

test("an admin's test event is a quiet message on the trader's screen, never a browser alert", async ({
  page,
  browser,
  request,
  loginPage,
  homePage,
}) => {
  const user: TestUser = await newUser(request, 'testevent');
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signIn({ loginPage, homePage }, user);

  const admin = await openAdminConsole(browser);
  await admin.admin.openTab('users');
  await admin.page.getByTestId(`user-row-${user.username}`).getByRole('button', { name: 'Send Test Event' }).click();

  const note = page.getByTestId('test-event');
  await expect(note.getByRole('status').locator('span').first()).toHaveText(
    'Test event from the admin console: live updates reach this screen.',
  );
  expect(dialogs).toEqual([]);
  // The trader closes it (or it goes by itself after 5 s, SPEC's message time).
  await note.getByRole('button', { name: 'Dismiss' }).click();
  await expect(note).toHaveCount(0);
  await admin.close();
});

test('the instruments list fits a desk (1440 px) and a phone (390 px): nothing cut off, no sideways scroll', async ({
  page,
  loginPage,
  adminPage,
}) => {
  const layout = new LayoutPage(page);
  await loginPage.open();
  await loginPage.login(ADMIN.username, ADMIN.password);
  await adminPage.expectLoaded(ADMIN.username);
  const instruments = new AdminInstrumentsPage(page);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await instruments.open();
    await layout.settled();
    await layout.screenshot(width, 'edges-instruments');
    expect(await layout.clippedCells('Instruments'), `instruments at ${width} px`).toEqual([]);
    expect(await layout.horizontalOverflow()).toBeLessThanOrEqual(0);
  }
});

test("today's P&L split by mode fits a phone (390 px): every figure whole, no sideways scroll", async ({
  page,
  request,
  loginPage,
  homePage,
}) => {
  const layout = new LayoutPage(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const { user } = await seedTrader(request, 'split');
  await signIn({ loginPage, homePage }, user);
  const live = page.getByTestId('pnl-mode-live');
  await expect(live).toBeVisible();
  await layout.settled();
  await layout.screenshot(390, 'edges-pnl-split');
  expect(await layout.clippedCells("Today's P&L by mode")).toEqual([]);
  await expect(live.getByRole('cell').last()).toBeInViewport();
  expect(await layout.horizontalOverflow()).toBeLessThanOrEqual(0);
});
