import { ADMIN } from '../fixtures.js';
import { accountIdFor, addBrokerViaApi, addMappingViaApi, expect, newUser, test } from '../user-api.js';
import { UserTransactionsPage } from '../pages/user-transactions.page.js';

test.describe('Admin - RDX Strategy Management', () => {
  test.beforeEach(async ({ loginPage, adminPage, adminStrategies }) => {
    await loginPage.open();
    await loginPage.login(ADMIN.username, ADMIN.password);
    await adminPage.expectLoaded(ADMIN.username);
    await adminStrategies.open();
  });

  test('the gear toggle shows and hides the admin mapping form', async ({ adminStrategies, mappingsPage }) => {
    await expect(adminStrategies.gear()).toHaveText('⚙');
    await expect(mappingsPage.form()).toHaveCount(0);
    await adminStrategies.gear().click();
    await expect(mappingsPage.form()).toBeVisible();
    await expect(mappingsPage.field('User')).toBeVisible();
    await adminStrategies.gear().click();
    await expect(mappingsPage.form()).toHaveCount(0);
  });

  test("an admin creates a mapping for a user from that user's brokers; it is listed with a User column", async ({
    page,
    request,
    adminStrategies,
    mappingsPage,
    activeStrategies,
  }) => {
    const user = await newUser(request, 'adm');
    const first = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'first'));
    await addBrokerViaApi(request, user, 'Binance', accountIdFor(user, 'second'));
    await page.reload();
    await adminStrategies.openForm();

    await mappingsPage.create();
    await expect(mappingsPage.error()).toHaveText('Please select a user');

    await mappingsPage.fill({ user: user.username });
    await expect(mappingsPage.field('User Broker')).toHaveValue(String(first.id));
    // The user's account has no token: LIVE is warned about and confirmed.
    await mappingsPage.fill({ mode: 'Live' });
    await expect(mappingsPage.noTokenWarning()).toBeVisible();
    await mappingsPage.createAnswering({}, 'accept');
    await expect(mappingsPage.success()).toHaveText(/Strategy mapping created/);
    // The admin keeps the chosen user; the rest resets (to paper).
    await expect(mappingsPage.field('User')).toHaveValue(String(user.id));
    await expect(mappingsPage.field('Mode')).toHaveValue('1');

    const row = mappingsPage.rowWith(first.broker_username);
    await expect(row.getByRole('cell').first()).toHaveText(user.username);
    await expect(mappingsPage.table().getByRole('columnheader', { name: 'User' })).toBeVisible();

    await expect(activeStrategies.table().getByRole('columnheader', { name: 'User' })).toBeVisible();
    const activeRow = activeStrategies.table().getByRole('row').filter({ hasText: first.broker_username });
    await expect(activeRow.getByRole('cell').first()).toHaveText(user.username);
    await expect(activeRow).toContainText('LIVE');
    await expect(activeRow).toContainText('Always On');

    const allTransactions = new UserTransactionsPage(page, 'All Transactions');
    await expect(allTransactions.section().getByRole('heading', { name: 'All Transactions' })).toBeVisible();
  });

  test("admin edit mode lists the mapping owner's brokers and Cancel returns to create mode", async ({
    request,
    page,
    adminStrategies,
    mappingsPage,
  }) => {
    const owner = await newUser(request, 'own');
    const brokerA = await addBrokerViaApi(request, owner, 'Zerodha', accountIdFor(owner, 'a'));
    const brokerB = await addBrokerViaApi(request, owner, 'Zerodha', accountIdFor(owner, 'b'));
    const id = await addMappingViaApi(request, owner, { user_broker_id: brokerB.id, is_dummy: 1, pe_count: 2 });
    await page.reload();
    await adminStrategies.openForm();

    await mappingsPage.edit(id);
    await mappingsPage.expectEditMode();
    await expect(mappingsPage.field('User')).toBeDisabled();
    await expect(mappingsPage.field('User')).toHaveValue(String(owner.id));
    await expect(mappingsPage.field('User Broker')).toHaveValue(String(brokerB.id));
    await expect(mappingsPage.field('User Broker').getByRole('option')).toHaveText([
      'Select a user broker',
      `Zerodha - ${brokerA.broker_username}`,
      `Zerodha - ${brokerB.broker_username}`,
    ]);

    await mappingsPage.update({ broker: `Zerodha - ${brokerA.broker_username}`, peCount: '3' });
    await expect(mappingsPage.success()).toHaveText(/Strategy mapping updated/);
    await mappingsPage.expectCreateMode();
    await expect(mappingsPage.row(id)).toContainText(brokerA.broker_username);

    await mappingsPage.edit(id);
    await mappingsPage.cancelEdit();
    await mappingsPage.expectCreateMode();
    await expect(mappingsPage.field('User')).toBeEnabled();
  });

  test("a failed read of the owner's brokers in edit mode shows 'Failed to load user brokers for editing'", async ({
    page,
    request,
    adminStrategies,
    mappingsPage,
  }) => {
    const owner = await newUser(request, 'ownfail');
    const broker = await addBrokerViaApi(request, owner, 'Zerodha', accountIdFor(owner, 'z'));
    const id = await addMappingViaApi(request, owner, { user_broker_id: broker.id });
    await page.reload();
    await adminStrategies.openForm();
    await page.route(`**/api/brokers/admin/user-brokers/${owner.id}`, (route) => route.abort());
    await mappingsPage.edit(id);
    await mappingsPage.expectEditMode();
    await expect(mappingsPage.error()).toHaveText('Failed to load user brokers for editing');
  });
});
