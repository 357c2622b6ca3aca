import type { Mapping } from '@app/contract';
import { ADMIN, adminToken, expect, test } from '../fixtures.js';
import { AdminServicesPage } from '../pages/admin-services.page.js';
import { AlertsBellPage } from '../pages/alerts-bell.page.js';
import { HomePage } from '../pages/home.page.js';
import { LayoutPage } from '../pages/layout.page.js';
import { LoginPage } from '../pages/login.page.js';
import { UserActiveStrategiesPage } from '../pages/user-strategies.page.js';
import { sandboxTotp } from '../sandbox.js';
import { configuredPaperMapping } from '../trading-api.js';
import { apiAs, newUser } from '../user-api.js';

let services: AdminServicesPage;

test.beforeEach(async ({ page, loginPage, adminPage }) => {
  await loginPage.open();
  await loginPage.login(ADMIN.username, ADMIN.password);
  await adminPage.expectLoaded(ADMIN.username);
  services = new AdminServicesPage(page);
});

test('the brokers tab offers Kite token generation, which needs an app code of at most 6 characters', async ({
  page,
}) => {
  await services.open('brokers');
  await expect(services.kiteTokenBox().getByRole('heading', { name: 'Generate Kite Access Token' })).toBeVisible();
  await expect(page.getByText('Other broker functionality coming soon...')).toBeVisible();

  // 'App Code is required': the button stays disabled while the trimmed code is empty.
  await expect(services.generateButton()).toBeDisabled();
  await services.appCode().fill('   ');
  await expect(services.generateButton()).toBeDisabled();
  await services.appCode().fill('1234567');
  await expect(services.appCode()).toHaveValue('123456');
  await expect(services.generateButton()).toBeEnabled();
});

test('an admin generates the Kite access token with the sandbox TOTP, and the tab says until when it is good', async () => {
  await services.open('brokers');
  // SPEC's words stay; the token's state is said above the code.
  await expect(services.kiteTokenBox().page().getByText('Other broker functionality coming soon...')).toBeVisible();
  await expect(services.marketTokenStatus()).toHaveText(/^(Market-data token generated|No market-data token yet)/);
  await services.appCode().fill(sandboxTotp());
  await services.generateButton().click();
  await expect(services.success('Kite access token generated successfully!')).toBeVisible();
  await expect(services.marketTokenStatus()).toHaveText(
    /^Market-data token generated \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST for SB0001, valid until \d{1,2} \w{3} \d{4}, 06:00 IST\.$/,
  );
});

test('a wrong app code shows the provider message, not a server error', async () => {
  await services.open('brokers');
  await services.appCode().fill('000000');
  await services.generateButton().click();
  await expect(services.error(/TOTP|code/i)).toBeVisible();
  await expect(services.generateButton()).toBeEnabled();
});

test('the scheduling tab enables and disables auto-scheduling', async ({ page }) => {
  await services.open('scheduling');
  await services.expectHeading('Auto-Scheduling');
  await expect(page.getByText('starts at 9:15 AM IST and stops at 3:30 PM IST, Monday–Friday')).toBeVisible();
  await expect(services.button('Disable')).toBeDisabled();
  await services.button('Enable').click();
  await expect(services.button('Enable')).toBeDisabled();
  await expect(services.button('Disable')).toBeEnabled();
  await page.reload();
  await services.open('scheduling');
  await expect(services.button('Enable')).toBeDisabled();
  await services.button('Disable').click();
  await expect(services.button('Disable')).toBeDisabled();
  await expect(services.button('Enable')).toBeEnabled();
});

test('the rdx tab starts and stops the RDX strategy service', async ({ page }) => {
  await services.open('rdx');
  await services.expectHeading('RDX Strategy Service');
  // One console: it runs the engine itself, and says so.
  await expect(page.getByTestId('rdx-leader')).toContainText(/^Engine instance: .+ \(this console\)$/);
  // The trading stories leave the service running on this shared server: stop it first if so.
  const status = page.getByTestId('rdx-service-status');
  await expect(status).toContainText(/Running|Stopped/);
  if ((await status.textContent())?.includes('Running')) await services.stopRdx('accept');
  await expect(status).toContainText('Stopped');
  await expect(services.button('Stop RDX Service')).toBeDisabled();
  await services.button('Start RDX Service').click();
  await expect(services.success('RDX strategy service started successfully')).toBeVisible();
  await expect(page.getByTestId('rdx-service-status')).toContainText('Running');
  await expect(services.button('Start RDX Service')).toBeDisabled();
  // Stop asks first, saying what it holds and what happens to it; Cancel leaves it running.
  const question = await services.stopRdx('dismiss');
  expect(question).toMatch(
    /^Stop the RDX service\?\nNo strategy trades until the service is started again\. Open legs are held, not squared off: nothing realigns or exits them meanwhile, and their owners are told\.\nRunning: \d+ strateg(y|ies) \(stop trading, stay RUNNING\)\nPaused: \d+ strateg(y|ies)\nHolding open legs: \d+ LIVE, \d+ DUMMY\nOwners: \d+ users?$/,
  );
  await expect(page.getByTestId('rdx-service-status')).toContainText('Running');
  await services.stopRdx('accept');
  await expect(services.success('RDX strategy service stopped successfully')).toBeVisible();
  await expect(page.getByTestId('rdx-service-status')).toContainText('Stopped');
  // Leave it running for the trading stories.
  await services.button('Start RDX Service').click();
  await expect(page.getByTestId('rdx-service-status')).toContainText('Running');
});

test('Stop RDX Service asks first with what it holds; a trader’s running row then shows it held, not trading', async ({
  page,
  browser,
  request,
}) => {
  // A trader starts a paper strategy on the screen, in a browser of their own.
  const trader = await newUser(request, 'held');
  const id = await configuredPaperMapping(request, trader);
  const traderContext = await browser.newContext();
  try {
    const traderPage = await traderContext.newPage();
    await new LoginPage(traderPage).open();
    await new LoginPage(traderPage).login(trader.username, trader.password);
    await new HomePage(traderPage).expectLoaded(trader.username);
    const rows = new UserActiveStrategiesPage(traderPage);
    await rows.act(id, 'Start');
    await expect(rows.message()).toHaveText(/^Started RDX on SANDBOX 24x7 \(DUMMY · \w+\)\. /);

    await services.open('rdx');
    const status = page.getByTestId('rdx-service-status');
    await expect(status).toContainText(/Running|Stopped/);
    if ((await status.textContent())?.includes('Stopped')) await services.button('Start RDX Service').click();
    await expect(status).toContainText('Running');
    await expect(rows.statusBadge(id)).toHaveText('RUNNING');

    // What the question must say, counted from every user's strategies as they are now (this project runs alone).
    const all = await apiAs<Mapping[]>(
      request,
      await adminToken(request),
      'GET',
      '/strategies/admin/all-user-mappings',
    );
    const count = (keep: (m: Mapping) => boolean) => all.filter(keep).length;
    const strategies = (n: number) => `${n} ${n === 1 ? 'strategy' : 'strategies'}`;
    const owners = new Set(all.filter((m) => m.running_status !== 0 || m.open_legs.length > 0).map((m) => m.user_id));
    const question = await services.stopRdx('accept');
    expect(question.split('\n')).toEqual([
      'Stop the RDX service?',
      'No strategy trades until the service is started again. Open legs are held, not squared off: nothing realigns or exits them meanwhile, and their owners are told.',
      `Running: ${strategies(count((m) => m.running_status === 1))} (stop trading, stay RUNNING)`,
      `Paused: ${strategies(count((m) => m.running_status === 2))}`,
      `Holding open legs: ${count((m) => m.open_legs.length > 0 && m.is_dummy === 0)} LIVE, ${count((m) => m.open_legs.length > 0 && m.is_dummy === 1)} DUMMY`,
      `Owners: ${owners.size} ${owners.size === 1 ? 'user' : 'users'}`,
    ]);
    await expect(status).toContainText('Stopped');

    // The trader's row, without a reload: still RUNNING, but held, and why.
    await expect(rows.statusBadge(id)).toHaveText('RUNNING · service stopped');
    await expect(rows.statusBadge(id)).toHaveClass('badge held');
    await expect(rows.statusDetail(id)).toHaveText(/^RDX service is stopped: /);
    for (const width of [1280, 390]) {
      await traderPage.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await rows.statusBadge(id).scrollIntoViewIfNeeded();
      await new LayoutPage(traderPage).screenshot(width, 'home-service-stopped-held-row');
    }
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await services.button('Start RDX Service').click();
      await expect(status).toContainText('Running');
      await services.button('Stop RDX Service').click();
      await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Stop RDX Service' })).toBeInViewport();
      await new LayoutPage(page).screenshot(width, 'admin-stop-rdx-confirm');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Stop RDX Service' }).click();
      await expect(status).toContainText('Stopped');
    }
    await rows.act(id, 'Exit', 'accept');
  } finally {
    // Leave it running for the stories after this one.
    if ((await page.getByTestId('rdx-service-status').textContent())?.includes('Stopped')) {
      await services.button('Start RDX Service').click();
    }
    await traderContext.close();
  }
});

test('a trader with a running strategy hears in the bell that the RDX service stopped, and when it started again', async ({
  page,
  browser,
  request,
}) => {
  // The trader starts a paper strategy on their own screen (the strategy itself is arranged, not the story).
  const trader = await newUser(request, 'held');
  const id = await configuredPaperMapping(request, trader);
  const context = await browser.newContext();
  const traderPage = await context.newPage();
  try {
    await new LoginPage(traderPage).open();
    await new LoginPage(traderPage).login(trader.username, trader.password);
    await new HomePage(traderPage).expectLoaded(trader.username);
    const strategies = new UserActiveStrategiesPage(traderPage);
    await services.open('rdx');
    const status = page.getByTestId('rdx-service-status');
    if ((await status.textContent())?.includes('Stopped')) await services.button('Start RDX Service').click();
    await expect(status).toContainText('Running');
    await strategies.act(id, 'Start');
    await expect(strategies.status(id)).toHaveText('RUNNING');

    // Issue 27: the admin stops the service; the trader is told what that holds, without reloading.
    await services.stopRdx('accept');
    await expect(services.success('RDX strategy service stopped successfully')).toBeVisible();
    const bell = new AlertsBellPage(traderPage);
    await expect(bell.unread()).toHaveText('1');
    await bell.open();
    await expect(bell.alert('RDX service stopped: strategies held')).toContainText(
      `${ADMIN.username} stopped the RDX service at`,
    );
    await expect(bell.alert('RDX service stopped: strategies held')).toContainText(
      'Your 1 running strategy is held and takes no trades until it is started again',
    );
    await bell.close();
    await expect(strategies.statusDetail(id)).toHaveText('RDX service is stopped: no trading until an admin starts it');

    // Started again: the alert that it trades again, so the red one does not stand alone.
    await services.button('Start RDX Service').click();
    await expect(status).toContainText('Running');
    await expect(bell.unread()).toHaveText('2');
    await bell.open();
    await expect(bell.alert('RDX service started')).toContainText('Your 1 running strategy trades again from its next');
    await strategies.act(id, 'Pause');
  } finally {
    await context.close();
  }
});
