import { ADMIN, expect, test } from '../fixtures.js';
import { AdminServicesPage } from '../pages/admin-services.page.js';
import { AlertsBellPage } from '../pages/alerts-bell.page.js';
import { HomePage } from '../pages/home.page.js';
import { LoginPage } from '../pages/login.page.js';
import { UserActiveStrategiesPage } from '../pages/user-strategies.page.js';
import { sandboxTotp } from '../sandbox.js';
import { configuredPaperMapping } from '../trading-api.js';
import { newUser } from '../user-api.js';

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

test('an admin generates the Kite access token with the sandbox TOTP', async () => {
  await services.open('brokers');
  await services.appCode().fill(sandboxTotp());
  await services.generateButton().click();
  await expect(services.success('Kite access token generated successfully!')).toBeVisible();
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
  if ((await status.textContent())?.includes('Running')) await services.button('Stop RDX Service').click();
  await expect(status).toContainText('Stopped');
  await expect(services.button('Stop RDX Service')).toBeDisabled();
  await services.button('Start RDX Service').click();
  await expect(services.success('RDX strategy service started successfully')).toBeVisible();
  await expect(page.getByTestId('rdx-service-status')).toContainText('Running');
  await expect(services.button('Start RDX Service')).toBeDisabled();
  await services.button('Stop RDX Service').click();
  await expect(services.success('RDX strategy service stopped successfully')).toBeVisible();
  await expect(page.getByTestId('rdx-service-status')).toContainText('Stopped');
  // Leave it running for the trading stories.
  await services.button('Start RDX Service').click();
  await expect(page.getByTestId('rdx-service-status')).toContainText('Running');
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
    await services.button('Stop RDX Service').click();
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
