// A trader's day from the screen: after the user is seeded through the API, everything happens in the
// UI - broker account, token, mapping, RDX configuration, Start, fills, Pause/Resume, Realign, Exit and
// Start again. An admin (a second browser context) switches the RDX service on through the rdx tab.
// The tests of this file run one after another (one worker), so the one that stops the service
// cannot pull it from under the others; it switches the service back on before it ends.
import { sandboxTotp, skipMarketTime } from '../sandbox.js';
import { configureRdx, createSandboxMapping } from '../trading-steps.js';
import { kiteUserId, SANDBOX_BROKER_PASSWORD, sandboxInstrumentId } from '../trading-api.js';
import {
  addBrokerViaApi,
  addMappingViaApi,
  addRdxConfigViaApi,
  expect,
  newUser,
  openAdminConsole,
  signIn,
  test,
} from '../user-api.js';
import type { Browser } from '@playwright/test';
import { LayoutPage } from '../pages/layout.page.js';

/** The RDX service must run for candle-close trading; an admin starts it through the admin console. */
async function rdxServiceRunning(browser: Browser) {
  const admin = await openAdminConsole(browser);
  await admin.admin.setRdxService(true);
  await admin.close();
}

test.describe.configure({ mode: 'serial' });

test('a paper strategy is set up, started, realigned, paused, resumed, exited and started again from the screen', async ({
  page,
  browser,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
  activeStrategies,
  recentTransactions,
}) => {
  const user = await newUser(request, 'paper');
  await signIn({ loginPage, homePage }, user);
  await rdxServiceRunning(browser);

  // A paper strategy needs a broker account but no token.
  const brokerUsername = kiteUserId();
  await brokersPage.open();
  await brokersPage.add({ broker: 'Zerodha', username: brokerUsername });
  await expect(brokersPage.tokenCell(brokerUsername)).toHaveText('Not set');
  await homePage.backToHome();
  const id = await createSandboxMapping(homePage, mappingsPage, brokerUsername, 'Paper');

  // New mappings are stopped; the row says what is missing and offers only what can succeed.
  await expect(activeStrategies.status(id)).toHaveText('STOPPED');
  await expect(activeStrategies.statusDetail(id)).toHaveText('Stopped: configure RDX, then Start');
  await expect(activeStrategies.buttons(id)).toHaveText(['Configure']);
  await configureRdx(activeStrategies, id);
  await expect(activeStrategies.statusDetail(id)).toHaveText('Stopped: press Start to trade');
  await expect(activeStrategies.buttons(id)).toHaveText(['Configure', 'Start']);

  await activeStrategies.act(id, 'Start');
  await expect(activeStrategies.status(id)).toHaveText('RUNNING');
  await expect(activeStrategies.statusDetail(id)).toHaveText(
    /^Waiting for the 1m candle closing at \d\d:\d\d IST to enter$/,
  );
  await expect(activeStrategies.buttons(id)).toHaveText(['Configure', 'Pause', 'Realign', 'Exit']);

  // A paper realign asks nothing and sells at once: the SELLs arrive without a reload.
  const rows = recentTransactions.section().getByRole('row');
  await activeStrategies.act(id, 'Realign');
  await expect(rows.filter({ hasText: 'SELL' }).filter({ hasText: 'DUMMY' })).toHaveCount(2);
  await expect(activeStrategies.statusDetail(id)).toHaveText(/^Holding 2 legs around ATM [\d,]+/);
  // The strikes now follow the ATM the entry set.
  await expect(activeStrategies.rdxData(id)).toContainText(/CE\s[\d,]+ · PE\s[\d,]+/);

  await activeStrategies.act(id, 'Pause');
  await expect(activeStrategies.status(id)).toHaveText('PAUSED');
  await expect(activeStrategies.statusDetail(id)).toHaveText('Paused: holding 2 legs, taking no action');
  await expect(activeStrategies.buttons(id)).toHaveText(['Configure', 'Resume', 'Realign', 'Exit']);
  await activeStrategies.act(id, 'Resume');
  await expect(activeStrategies.status(id)).toHaveText('RUNNING');

  // Paper keeps SPEC's Exit question.
  const question = await activeStrategies.act(id, 'Exit', 'accept');
  expect(question).toBe('Exit this strategy? All open positions will be squared off.');
  await expect(activeStrategies.status(id)).toHaveText('STOPPED');
  await expect(rows.filter({ hasText: 'BUY' }).filter({ hasText: 'DUMMY' })).toHaveCount(2);
  await expect(activeStrategies.buttons(id)).toHaveText(['Configure', 'Start']);

  // After Exit it can be started again.
  await activeStrategies.act(id, 'Start');
  await expect(activeStrategies.status(id)).toHaveText('RUNNING');
  await page.reload();
  await expect(activeStrategies.status(id)).toHaveText('RUNNING');
  await expect(activeStrategies.error()).toHaveCount(0);
});

test('a live strategy trades through the sandbox broker on candle closes, with confirmations naming quantities', async ({
  browser,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
  activeStrategies,
  recentTransactions,
}) => {
  // Skips to the next 1m candle close on the console's test clock rather than waiting for one.
  test.setTimeout(120_000);
  const user = await newUser(request, 'live');
  await signIn({ loginPage, homePage }, user);
  await rdxServiceRunning(browser);

  const brokerUsername = kiteUserId();
  await brokersPage.open();
  await brokersPage.add({ broker: 'Zerodha', username: brokerUsername });
  await brokersPage.generateToken(brokerUsername, SANDBOX_BROKER_PASSWORD, sandboxTotp());
  await expect(brokersPage.tokenCell(brokerUsername)).toHaveText('Configured');
  await expect(brokersPage.success()).toBeVisible();
  await homePage.backToHome();

  await homePage.openView('Strategies');
  await mappingsPage.fill({ broker: `Zerodha - ${brokerUsername}`, mode: 'Live' });
  // The account has a token, so the form has nothing to warn about.
  await expect(mappingsPage.noTokenWarning()).toHaveCount(0);
  await homePage.backToHome();
  const id = await createSandboxMapping(homePage, mappingsPage, brokerUsername, 'Live');
  await expect(activeStrategies.row(id)).toContainText('LIVE');
  await configureRdx(activeStrategies, id);

  // Start of real money asks first, naming the account, instrument, quantity per side, interval and limits.
  const start = await activeStrategies.act(id, 'Start', 'accept');
  expect(start.split('\n')).toEqual([
    'Start this LIVE strategy?',
    'It trades on the sandbox exchange (simulated, no real money) from the next 1m candle close: it sells 50 CE and 50 PE at market when it holds nothing, and realigns as the ATM moves.',
    `Account: ${brokerUsername}`,
    'Instrument: SANDBOX 24x7',
    'CE: 1 × 1 lot × lot size 50 = 50',
    'PE: 1 × 1 lot × lot size 50 = 50',
    'Interval: 1m',
    'Window: Always On',
    'Limits: none',
  ]);
  await expect(activeStrategies.status(id)).toHaveText('RUNNING');
  await expect(activeStrategies.message()).toHaveText(
    new RegExp(`^Started RDX on SANDBOX 24x7 \\(LIVE · ${brokerUsername}\\)\\. `),
  );

  // The engine enters on the next 1m candle close: both legs are sold through the broker.
  const rows = recentTransactions.section().getByRole('row');
  const liveSells = rows.filter({ hasText: 'SELL' }).filter({ hasText: 'LIVE' });
  await skipMarketTime(request, 60);
  await expect(liveSells).toHaveCount(2, { timeout: 30_000 });
  await expect(activeStrategies.statusDetail(id)).toHaveText(/^Holding 2 legs around ATM [\d,]+/);

  await activeStrategies.act(id, 'Pause');
  await expect(activeStrategies.status(id)).toHaveText('PAUSED');
  const resume = await activeStrategies.act(id, 'Resume', 'accept');
  expect(resume).toMatch(/^Resume this LIVE strategy\?\nIt holds 50 SANDBOX\w+CE and 50 SANDBOX\w+PE\. /);
  await expect(activeStrategies.status(id)).toHaveText('RUNNING');

  // Realign of real money names what it buys back and what it sells (1 × 1 lot × lot size 50).
  const realign = await activeStrategies.act(id, 'Realign', 'accept');
  expect(realign).toMatch(
    /^Realign this LIVE strategy\?\nBuys back 50 SANDBOX\w+CE and 50 SANDBOX\w+PE, then sells 50 CE and 50 PE at the current ATM \(count × 1 lot × lot size 50\), at market\.\nAccount: \w+\nInstrument: SANDBOX 24x7$/,
  );
  // Either the legs already sit at the ATM (a no-op, said as information) or they move (2 more SELLs).
  await expect
    .poll(async () => (await activeStrategies.info().count()) > 0 || (await liveSells.count()) === 4, {
      timeout: 20_000,
    })
    .toBe(true);
  await expect(activeStrategies.error()).toHaveCount(0);
  if ((await activeStrategies.info().count()) > 0) {
    await expect(activeStrategies.info()).toHaveText(/^Already centred on ATM [\d,]+: nothing to realign$/);
  }
  const sellsBeforeExit = await liveSells.count();

  const exit = await activeStrategies.act(id, 'Exit', 'accept');
  expect(exit).toMatch(
    /^Exit this LIVE strategy\?\nBuys back 50 SANDBOX\w+CE and 50 SANDBOX\w+PE at market\.\nAccount: \w+\nInstrument: SANDBOX 24x7$/,
  );
  await expect(activeStrategies.status(id)).toHaveText('STOPPED');
  await expect(rows.filter({ hasText: 'BUY' }).filter({ hasText: 'LIVE' })).toHaveCount(sellsBeforeExit);

  await activeStrategies.act(id, 'Start', 'accept');
  await expect(activeStrategies.status(id)).toHaveText('RUNNING');
});

test('when an admin stops the RDX service the home shows a banner and each running row says why it waits', async ({
  page,
  browser,
  request,
  loginPage,
  homePage,
  activeStrategies,
}) => {
  test.setTimeout(120_000);
  // Arranged through the API: this story is about the banner, not about creating the strategy.
  const user = await newUser(request, 'banner');
  const broker = await addBrokerViaApi(request, user, 'Zerodha', kiteUserId());
  const id = await addMappingViaApi(request, user, {
    user_broker_id: broker.id,
    instrument_id: await sandboxInstrumentId(request, user),
    is_dummy: 1,
    ce_count: 1,
    pe_count: 1,
  });
  await addRdxConfigViaApi(request, user, id, { offset_value: 100, interval: '1m' });
  const admin = await openAdminConsole(browser);
  try {
    await admin.admin.setRdxService(true);
    await signIn({ loginPage, homePage }, user);
    await activeStrategies.act(id, 'Start');
    await expect(activeStrategies.status(id)).toHaveText('RUNNING');
    await expect(activeStrategies.serviceBanner()).toHaveCount(0);

    await admin.admin.setRdxService(false);
    // Without a reload, and at once (the switch is pushed; the home's own re-read is every 30 s).
    await expect(activeStrategies.serviceBanner()).toHaveText(
      'The RDX service is stopped: strategies will not trade until an admin starts the service.',
      { timeout: 5_000 },
    );
    // The row no longer looks like it trades: held (amber), with what becomes of its legs.
    await expect(activeStrategies.statusDetail(id)).toHaveText(
      /^RDX service is stopped: (holding 2 legs \(not squared off\), )?no trading until an admin starts it$/,
      { timeout: 5_000 },
    );
    await expect(activeStrategies.statusBadge(id)).toHaveText('RUNNING · service stopped');
    await expect(activeStrategies.statusBadge(id)).toHaveClass('badge held');
    // The banner on a phone too: kept for a person to look at, and no sideways page scroll.
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      const layout = new LayoutPage(page);
      await layout.screenshot(viewport.width, 'trading-home-service-stopped');
      expect(await layout.horizontalOverflow()).toBeLessThanOrEqual(0);
    }

    await admin.admin.setRdxService(true);
    await page.reload();
    await expect(activeStrategies.statusDetail(id)).toHaveText(
      /^(Waiting for the 1m candle closing at|Holding 2 legs around ATM)/,
    );
    await expect(activeStrategies.serviceBanner()).toHaveCount(0);
    await expect(activeStrategies.statusBadge(id)).toHaveText('RUNNING');
  } finally {
    // Specs share one server: leave the service running.
    await admin.admin.setRdxService(true);
    await admin.close();
  }
});
