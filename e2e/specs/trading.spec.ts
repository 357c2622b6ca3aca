import { sandboxTotp } from '../sandbox.js';
import { kiteUserId, runningRdxMapping } from '../trading-api.js';
import { addBrokerViaApi, apiAs, expect, newUser, setRunningStatusViaApi, signIn, test } from '../user-api.js';
import { ADMIN } from '../fixtures.js';

test.beforeEach(({ page }) => {
  // Exit asks for confirmation; these stories always mean it.
  page.on('dialog', (dialog) => void dialog.accept());
});

test('a paper RDX strategy trades and every change reaches the screen without a reload', async ({
  page,
  request,
  loginPage,
  homePage,
  activeStrategies,
  recentTransactions,
}) => {
  const user = await newUser(request, 'paper');
  const id = await runningRdxMapping(request, user, { isDummy: 1 });
  await signIn({ loginPage, homePage }, user);
  await expect(activeStrategies.status(id)).toHaveText('RUNNING');
  await expect(recentTransactions.emptyState()).toBeVisible();

  // The strategy trades from elsewhere (here: the API); the open page shows the SELLs by itself.
  await apiAs(request, user.token, 'POST', `/strategies/user-mappings/${id}/realign`);
  const rows = recentTransactions.section().getByRole('row');
  await expect(rows.filter({ hasText: 'SELL' })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'DUMMY' })).toHaveCount(2);

  // A status change from elsewhere arrives as strategy_status_changed.
  await setRunningStatusViaApi(request, user, id, 2);
  await expect(activeStrategies.status(id)).toHaveText('PAUSED');
  await activeStrategies.button(id, 'Resume').click();
  await expect(activeStrategies.status(id)).toHaveText('RUNNING');
  await activeStrategies.button(id, 'Pause').click();
  await expect(activeStrategies.status(id)).toHaveText('PAUSED');
  await activeStrategies.button(id, 'Resume').click();

  await activeStrategies.button(id, 'Realign').click();
  await expect(rows.filter({ hasText: 'SELL' })).toHaveCount(4);
  await expect(rows.filter({ hasText: 'BUY' })).toHaveCount(2);

  await activeStrategies.button(id, 'Exit').click();
  await expect(activeStrategies.status(id)).toHaveText('STOPPED');
  await expect(rows.filter({ hasText: 'BUY' })).toHaveCount(4);
  await expect(page).toHaveURL(/\/home/);
});

test('a live RDX strategy trades through the sandbox broker with a token generated on the Profile page', async ({
  page,
  request,
  loginPage,
  homePage,
  activeStrategies,
  recentTransactions,
}) => {
  const user = await newUser(request, 'live');
  const brokerUsername = kiteUserId();
  const broker = await addBrokerViaApi(request, user, 'Zerodha', brokerUsername);
  const id = await runningRdxMapping(request, user, { isDummy: 0, userBrokerId: broker.id });
  await signIn({ loginPage, homePage }, user);

  await homePage.openView('Profile');
  const row = page.getByTestId(`user-broker-${brokerUsername}`);
  await expect(row).toContainText('Not set');
  await row.getByRole('button', { name: 'Generate Token' }).click();
  await page.getByLabel('Password', { exact: true }).fill('sandbox-user');
  await page.getByLabel('App Code').fill(sandboxTotp());
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(row).toContainText('Configured');

  await homePage.backToHome();
  await expect(activeStrategies.row(id)).toContainText('LIVE');
  await activeStrategies.button(id, 'Realign').click();
  const rows = recentTransactions.section().getByRole('row');
  await expect(rows.filter({ hasText: 'SELL' }).filter({ hasText: 'LIVE' })).toHaveCount(2);
  await activeStrategies.button(id, 'Exit').click();
  await expect(activeStrategies.status(id)).toHaveText('STOPPED');
  await expect(rows.filter({ hasText: 'BUY' }).filter({ hasText: 'LIVE' })).toHaveCount(2);
});

test('an admin sends a test event and the user sees it as an alert', async ({
  browser,
  request,
  loginPage,
  homePage,
  page,
}) => {
  const user = await newUser(request, 'alerted');
  await signIn({ loginPage, homePage }, user);
  const alert = new Promise<string>((resolve) => page.once('dialog', (d) => resolve(d.message())));

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await admin.getByLabel('Username').fill(ADMIN.username);
  await admin.getByLabel('Password').fill(ADMIN.password);
  await admin.getByRole('button', { name: 'Login' }).click();
  await admin.getByRole('tab', { name: 'users' }).click();
  await admin.getByTestId(`user-row-${user.username}`).getByRole('button', { name: 'Send Test Event' }).click();
  expect(await alert).toBe('Test event from the admin console');
  await adminContext.close();
});
