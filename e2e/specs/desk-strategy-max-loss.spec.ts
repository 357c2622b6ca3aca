// A desk's Max Loss on a trader's strategy (issue 13 and the desk's trust in it): the admin sets it on the
// trader's mapping from the admin Strategies tab; in their own Strategies view the trader sees it is the
// admin's, cannot clear it, and can tighten it. The trader and their mapping are seeded through the API.
import { UserAdminStrategiesPage } from '../pages/user-admin-strategies.page.js';
import { UserMappingsPage } from '../pages/user-mappings.page.js';
import {
  accountIdFor,
  addBrokerViaApi,
  addMappingViaApi,
  expect,
  newUser,
  openAdminConsole,
  signIn,
  test,
} from '../user-api.js';

test("a strategy's Max Loss the admin set is a cap the trader can lower but not clear", async ({
  browser,
  request,
  loginPage,
  homePage,
  mappingsPage,
  activeStrategies,
}) => {
  const trader = await newUser(request, 'capped');
  const broker = await addBrokerViaApi(request, trader, 'Zerodha', accountIdFor(trader, 'kite'));
  const id = await addMappingViaApi(request, trader, { user_broker_id: broker.id, is_dummy: 1 });

  const admin = await openAdminConsole(browser);
  const adminStrategies = new UserAdminStrategiesPage(admin.page);
  const adminMappings = new UserMappingsPage(admin.page);
  await adminStrategies.open();
  await adminStrategies.openForm();
  await adminMappings.expectLoaded();
  await adminMappings.edit(id);
  await adminMappings.expectEditMode();
  await expect(adminMappings.maxLossCapHint()).toHaveText(
    'Saved by an admin, an amount here is a cap: the user can lower it, not raise or remove it.',
  );
  await adminMappings.update({ maxLoss: '800' });
  await expect(adminMappings.success()).toHaveText(/Strategy mapping updated/);
  await adminMappings.edit(id);
  await expect(adminMappings.maxLossCapHint()).toContainText(
    'Set by an admin at ₹800.00: the user can lower it, not raise or remove it.',
  );
  await admin.close();

  await signIn({ loginPage, homePage }, trader);
  await homePage.openView('Strategies');
  await mappingsPage.expectLoaded();
  await mappingsPage.edit(id);
  await expect(mappingsPage.field('Max Loss (₹)')).toHaveValue('800');
  await expect(mappingsPage.maxLossCapHint()).toHaveText(
    'An admin set this at ₹800.00: you can lower it, not raise or remove it.',
  );
  await mappingsPage.form().screenshot({ path: 'e2e/artifacts/screens/desk-strategy-max-loss.png' });

  // Blanked, the limit would be gone: refused, with the reason, and the form keeps the edit open.
  await mappingsPage.update({ maxLoss: '' });
  await expect(mappingsPage.error()).toHaveText(
    "An admin set this strategy's max loss at ₹800.00: you can lower it, not remove it",
  );
  await mappingsPage.expectEditMode();
  await mappingsPage.update({ maxLoss: '801' });
  await expect(mappingsPage.error()).toHaveText(/you can lower it, not raise it$/);

  await mappingsPage.update({ maxLoss: '500' });
  await expect(mappingsPage.success()).toHaveText(/Strategy mapping updated/);
  await mappingsPage.expectCreateMode();
  // What was refused changed nothing: Home shows the lowered limit, and the cap is still there to read.
  await homePage.backToHome();
  await expect(activeStrategies.limits(id)).toHaveText('Max loss ₹500.00');
  await homePage.openView('Strategies');
  await mappingsPage.edit(id);
  await expect(mappingsPage.field('Max Loss (₹)')).toHaveValue('500');
  await expect(mappingsPage.maxLossCapHint()).toContainText('An admin set this at ₹800.00');
});
