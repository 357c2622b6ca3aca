// The status strip (issue 32 item 6): on every screen a trader reads whether this is the sandbox, whether the
// market is open and when it next opens, whether prices come, each broker account's token and the kill switch;
// a token that needs fixing links to the Profile page. The account is added and the switch engaged on the screens.
import { screenshots } from '../lab-steps.js';
import { KillSwitchPage } from '../pages/kill-switch.page.js';
import { kiteUserId } from '../trading-api.js';
import { expect, newUser, openAdminConsole, signIn, test } from '../user-api.js';

test('the strip tells a trader the exchange, market, feed, token and kill switch, and leads to the fix', async ({
  browser,
  page,
  request,
  loginPage,
  homePage,
  brokersPage,
}) => {
  const user = await newUser(request, 'strip');
  await signIn({ loginPage, homePage }, user);
  const strip = page.getByTestId('status-strip');
  await expect(page.getByTestId('sandbox-chip')).toHaveText('SANDBOX');
  await expect(strip.locator('[data-strip="market"]')).toHaveText(
    /^Market (open, closes \d\d:\d\d IST|closed, opens .*\d\d:\d\d IST)$/,
  );
  await expect(strip.locator('[data-strip="feed"]')).toHaveText(/^Feed (live|idle|stale, .*)$/);
  await expect(strip.locator('[data-strip="kill"]')).toHaveText('Kill switch off');
  // A Home with no strategy yet shows the three steps to a first one.
  const steps = page.getByTestId('first-steps').getByRole('listitem');
  await expect(steps).toHaveText([/^Add a broker account /, /^Create a strategy /, /^Configure and start it /]);

  // An account added without a token says so at once, and its item leads to where a token is set.
  const brokerUsername = kiteUserId();
  await brokersPage.open();
  await brokersPage.add({ broker: 'Zerodha', username: brokerUsername });
  const account = strip.getByRole('link', { name: `${brokerUsername} no token` });
  await expect(account).toBeVisible();
  // No live strategy uses it yet, so the missing token is told calmly, not as a warning.
  await expect(strip.locator('li[data-strip^="account-"]')).toHaveClass(/tone-info/);
  await homePage.backToHome();
  await expect(steps.first()).toContainText('Add a broker account (done)');
  await screenshots(page, 'status-strip');
  await strip.getByRole('link', { name: `${brokerUsername} no token` }).click();
  await expect(page).toHaveURL(/view=profile/);
  await homePage.backToHome();

  // The admin engages the kill switch on the rdx tab: the trader's open screen says so without a reload.
  const adminConsole = await openAdminConsole(browser);
  const killSwitch = new KillSwitchPage(adminConsole.page);
  try {
    await adminConsole.admin.openTab('rdx');
    await killSwitch.engage();
    await expect(strip.locator('[data-strip="kill"]')).toHaveText('Kill switch ON');
    await expect(
      adminConsole.page.getByTestId('status-strip').getByRole('link', { name: 'Kill switch ON' }),
    ).toBeVisible();
  } finally {
    await killSwitch.release();
    await adminConsole.close();
  }
  await expect(strip.locator('[data-strip="kill"]')).toHaveText('Kill switch off');
});
