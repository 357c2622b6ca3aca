// Loss limits from the screen (issue 13): a trader sets a Max Loss on a new strategy and a daily max loss
// on Profile, starts it, and — when the market moves against the short strangle — watches the row stop by
// itself with the reason and the legs bought back. Only the user is seeded through the API; the market
// move is the sandbox exchange's (its implied-volatility shock), as a gap would be.
import { shockSandboxVolatility } from '../sandbox.js';
import { configureRdx } from '../trading-steps.js';
import { kiteUserId, SANDBOX_OPTION } from '../trading-api.js';
import { expect, newUser, openAdminConsole, signIn, test } from '../user-api.js';

test('a Max Loss set in the mapping form stops the strategy by itself when premiums jump', async ({
  page,
  browser,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
  activeStrategies,
  recentTransactions,
  profilePage,
}) => {
  const user = await newUser(request, 'limits');
  await signIn({ loginPage, homePage }, user);
  const admin = await openAdminConsole(browser);
  await admin.admin.setRdxService(true);
  await admin.close();

  // A daily max loss on Profile, far from anything this story loses: saved and shown with today's P&L.
  await profilePage.open();
  await profilePage.setDailyLimit('50000');
  await expect(profilePage.dailyLimitForm()).toContainText('Daily max loss set to ₹50,000.00');
  await expect(profilePage.dailyLimitSummary()).toContainText("Today's P&L: ₹0.00. Daily max loss: ₹50,000.00.");
  await homePage.backToHome();

  const brokerUsername = kiteUserId();
  await brokersPage.open();
  await brokersPage.add({ broker: 'Zerodha', username: brokerUsername });
  await homePage.backToHome();

  // The form refuses a limit that is not above zero, then takes ₹50 (above the spread a paper entry pays at once).
  await homePage.openView('Strategies');
  await mappingsPage.create({
    instrument: SANDBOX_OPTION,
    broker: `Zerodha - ${brokerUsername}`,
    mode: 'Paper',
    ceCount: '1',
    peCount: '1',
    maxLoss: '0',
  });
  await expect(mappingsPage.error()).toHaveText('Max Loss must be more than 0');
  await mappingsPage.create({ maxLoss: '50' });
  await expect(mappingsPage.success()).toHaveText(/Strategy mapping created/);
  const id = await mappingsPage.idOf(brokerUsername);
  await homePage.backToHome();
  await expect(activeStrategies.limits(id)).toHaveText('Max loss ₹50.00');

  await configureRdx(activeStrategies, id);
  await activeStrategies.act(id, 'Start');
  await activeStrategies.act(id, 'Realign'); // paper sells at once
  await expect(activeStrategies.statusDetail(id)).toHaveText(/^Holding 2 legs around ATM/);
  // Once it holds legs, beside the Net P&L (after charges): the figure the limit is measured against.
  await expect(activeStrategies.limitMeasure(id)).toHaveText(/^Today before charges: [+−]?₹[\d,]+\.\d\d$/);

  try {
    await shockSandboxVolatility(request, 4);
    // Within seconds, with nobody touching the screen: stopped, with the reason, and both legs bought back.
    await expect(activeStrategies.status(id)).toHaveText('STOPPED', { timeout: 20_000 });
    // With the figures (issue 27): the day when the limit was found crossed, far past ₹50 after the jump.
    await expect(activeStrategies.statusDetail(id)).toHaveText(
      /^Stopped at the max loss at \d\d:\d\d IST \(−₹[\d,]+\.\d\d against a limit of ₹50\.00 — the market gapped past it\)/,
    );
    const rows = recentTransactions.section().getByRole('row');
    await expect(rows.filter({ hasText: 'BUY' }).filter({ hasText: 'DUMMY' })).toHaveCount(2);
    await expect(activeStrategies.buttons(id)).toHaveText(['Configure', 'Start']);
  } finally {
    await shockSandboxVolatility(request, 1);
  }

  // The trader hears about it: the bell counts the alert, and it names the limit.
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(page.getByTestId('alerts-unread')).toHaveText('1');
  await bell.click();
  await expect(page.getByRole('region', { name: 'Alerts' })).toContainText('Strategy stopped: Max Loss reached');
  await expect(page.getByRole('region', { name: 'Alerts' })).toContainText(
    /reached its Max Loss: −₹[\d,]+\.\d\d against a limit of ₹50\.00 — the market gapped past it\./,
  );
  await bell.click();

  // And it is on record: the trader's own trail names the system as its author.
  await profilePage.open();
  const trail = page.getByRole('table', { name: 'My activity' });
  await expect(trail.getByRole('row').filter({ hasText: 'Strategy stopped automatically' })).toContainText('system');
  await expect(trail.getByRole('row').filter({ hasText: 'Strategy added' })).toContainText(user.username);
});
