// A desk's daily max loss (issue 13 and the desk's trust in it): the admin sets a trader's limit on the
// Users tab; on Profile the trader sees it is the admin's, cannot clear or raise it, and can tighten it.
import { expect, newUser, openAdminConsole, signIn, test } from '../user-api.js';

test('a daily max loss the admin set is a cap the trader can lower but not clear or raise', async ({
  browser,
  request,
  loginPage,
  homePage,
  profilePage,
}) => {
  const trader = await newUser(request, 'desk');
  const admin = await openAdminConsole(browser);
  const panel = await admin.admin.setDailyLimitFor(trader.username, '5000');
  await expect(panel).toContainText('Daily max loss set to ₹5,000.00');
  await expect(panel.getByTestId('daily-limit-summary')).toContainText(
    'Set by an admin at ₹5,000.00: the user can lower it, not raise or remove it.',
  );
  await admin.close();

  await signIn({ loginPage, homePage }, trader);
  await profilePage.open();
  await expect(profilePage.dailyLimitSummary()).toContainText(
    'Daily max loss: ₹5,000.00. An admin set your daily max loss at ₹5,000.00: you can lower it, not raise or remove it.',
  );
  await profilePage.setDailyLimit('');
  await expect(profilePage.dailyLimitForm()).toContainText(
    'An admin set your daily max loss at ₹5,000.00: you can lower it, not remove it',
  );
  await profilePage.setDailyLimit('8000');
  await expect(profilePage.dailyLimitForm()).toContainText('you can lower it, not raise it');

  await profilePage.setDailyLimit('3000');
  await expect(profilePage.dailyLimitForm()).toContainText('Daily max loss set to ₹3,000.00');
  await expect(profilePage.dailyLimitSummary()).toContainText("Today's P&L: ₹0.00. Daily max loss: ₹3,000.00.");
  // What was refused changed nothing, and a reload shows the same.
  await profilePage.open();
  await expect(profilePage.dailyLimitSummary()).toContainText('Daily max loss: ₹3,000.00. An admin set');
});
