import { sandboxTotp } from '../sandbox.js';
import { kiteUserId } from '../trading-api.js';
import { accountIdFor, addBrokerViaApi, expect, newUser, signIn, test } from '../user-api.js';

test.describe('Profile - broker configurations', () => {
  test('a user adds a broker, gives it a token by editing, keeps it with an empty token, and deletes it', async ({
    request,
    loginPage,
    homePage,
    brokersPage,
  }) => {
    const user = await newUser(request, 'brk');
    await signIn({ loginPage, homePage }, user);
    await brokersPage.open();

    // Typed in lower case, kept as Kite writes user IDs (upper case).
    const typed = accountIdFor(user, 'kite').toLowerCase();
    const account = typed.toUpperCase();
    await brokersPage.add({ broker: 'Zerodha', username: typed });
    await expect(brokersPage.success()).toHaveText(/Broker configuration created/);
    await expect(brokersPage.row(account)).toContainText('Zerodha');
    await expect(brokersPage.tokenCell(account)).toHaveText('Not set');

    await brokersPage.edit(account);
    await expect(brokersPage.form().getByLabel('Broker Username')).toHaveValue(account);
    await expect(brokersPage.form().getByLabel('Broker Token')).toHaveValue('');
    await brokersPage.fillForm({ token: 'access-token-1' });
    await brokersPage.saveEdit();
    await expect(brokersPage.tokenCell(account)).toHaveText('Configured');
    await expect(brokersPage.form().getByRole('heading', { name: 'Add Broker Configuration' })).toBeVisible();

    // An empty token in edit mode keeps the stored one.
    const renamed = `${account}2`;
    await brokersPage.edit(account);
    await brokersPage.fillForm({ username: renamed });
    await brokersPage.saveEdit();
    await expect(brokersPage.row(renamed)).toBeVisible();
    await expect(brokersPage.tokenCell(renamed)).toHaveText('Configured');

    const question = await brokersPage.delete(renamed);
    expect(question).toBe('Are you sure you want to delete this broker configuration?');
    await expect(brokersPage.row(renamed)).toHaveCount(0);
  });

  test('broker username is required and dismissing the delete confirm keeps the row', async ({
    page,
    request,
    loginPage,
    homePage,
    brokersPage,
  }) => {
    const user = await newUser(request, 'brkval');
    const kept = await addBrokerViaApi(request, user, 'Binance', accountIdFor(user, 'bin'));
    await signIn({ loginPage, homePage }, user);
    await brokersPage.open();

    await brokersPage.add({ username: '   ' });
    await expect(brokersPage.error()).toHaveText(/Broker Username is required/);

    await brokersPage.delete(kept.broker_username, false);
    await page.reload();
    await expect(brokersPage.row(kept.broker_username)).toBeVisible();
    await expect(brokersPage.tokenCell(kept.broker_username)).toHaveText('Not set');
  });

  test('the Zerodha token panel opens for one row at a time and needs password and app code', async ({
    request,
    loginPage,
    homePage,
    brokersPage,
  }) => {
    const user = await newUser(request, 'brktok');
    const first = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z1'));
    const second = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z2'), 'stored-token');
    const binance = await addBrokerViaApi(request, user, 'Binance', accountIdFor(user, 'b'));
    await signIn({ loginPage, homePage }, user);
    await brokersPage.open();

    await expect(brokersPage.tokenCell(second.broker_username)).toHaveText('Configured');
    await expect(brokersPage.row(binance.broker_username).getByRole('button', { name: 'Generate Token' })).toHaveCount(
      0,
    );

    await brokersPage.openTokenPanel(first.broker_username);
    await brokersPage.openTokenPanel(second.broker_username);
    await expect(brokersPage.tokenPanel(first.broker_username)).toHaveCount(0);

    const panel = brokersPage.tokenPanel(second.broker_username);
    await panel.getByRole('button', { name: 'Generate' }).click();
    await expect(panel.locator('.message-error > span')).toHaveText(/Password and app code are required/);

    await panel.getByLabel('Password').fill('kite-password');
    await panel.getByRole('button', { name: 'Generate' }).click();
    await expect(panel.locator('.message-error > span')).toHaveText(/Password and app code are required/);

    await panel.getByLabel('Password').fill('');
    await panel.getByLabel('App Code').fill('12345678');
    await expect(panel.getByLabel('App Code')).toHaveValue('123456');
    await panel.getByRole('button', { name: 'Generate' }).click();
    await expect(panel.locator('.message-error > span')).toHaveText(/Password and app code are required/);

    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel).toHaveCount(0);
  });

  test("the broker's refusal of a wrong password reaches the screen in plain words", async ({
    request,
    loginPage,
    homePage,
    brokersPage,
  }) => {
    const user = await newUser(request, 'brkbad');
    const broker = await addBrokerViaApi(request, user, 'Zerodha', kiteUserId());
    await signIn({ loginPage, homePage }, user);
    await brokersPage.open();
    await brokersPage.generateToken(broker.broker_username, 'not-the-password', sandboxTotp());
    const error = brokersPage.tokenPanel(broker.broker_username).locator('.message-error > span');
    await expect(error).toHaveText(/broker user id or password/i);
    await expect(error).not.toContainText('`');
    await expect(brokersPage.tokenCell(broker.broker_username)).toHaveText('Not set');
  });

  test("failed reads show 'Failed to fetch brokers' and 'Failed to fetch user brokers'", async ({
    page,
    request,
    loginPage,
    homePage,
    brokersPage,
  }) => {
    const user = await newUser(request, 'brkfail');
    await signIn({ loginPage, homePage }, user);
    await page.route('**/api/brokers/list', (route) => route.abort(), { times: 1 });
    await brokersPage.open();
    await expect(brokersPage.error()).toHaveText('Failed to fetch brokers');
    await expect(brokersPage.form().getByRole('button', { name: 'Add Broker' })).toBeDisabled();

    await page.route('**/api/brokers/user-brokers', (route) => route.abort(), { times: 1 });
    await page.reload();
    await expect(brokersPage.error()).toHaveText('Failed to fetch user brokers');
    await expect(brokersPage.form().getByRole('button', { name: 'Add Broker' })).toBeEnabled();
  });
});
