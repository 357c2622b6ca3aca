// A per-leg stop and its re-entry, through the screens only (issue 33's done-when; the user is seeded through the
// API): a trader builds a paper short strangle from "Short strangle, 25 % SL per leg" on SANDBOX 24x7, entering on
// the next 1-minute close, and gives Leg 1 one re-entry at once. Started from Home, it holds both legs; then the
// sandbox's implied volatility triples, as a panic would, so each sold option's premium rises far past its 25 %
// stop. With nobody touching the screen the row says a leg was stopped and Leg 1 entered again, and Recent
// Transactions list the buy-backs and the new sale.
import { screenshots } from '../lab-steps.js';
import { StrategyBuilderPage } from '../pages/strategy-builder.page.js';
import { shockSandboxVolatility } from '../sandbox.js';
import { kiteUserId } from '../trading-api.js';
import { expect, newUser, openAdminConsole, signIn, test } from '../user-api.js';

const TEMPLATE = 'Short strangle, 25 % SL per leg';

test('a leg stopped by its own stop-loss is entered again at once, and the row says so', async ({
  page,
  browser,
  request,
  loginPage,
  homePage,
  brokersPage,
  activeStrategies,
  recentTransactions,
}) => {
  test.setTimeout(240_000);
  const user = await newUser(request, 'reentry');
  await signIn({ loginPage, homePage }, user);
  const account = kiteUserId();
  await brokersPage.open();
  await brokersPage.add({ broker: 'Zerodha', username: account });
  await expect(brokersPage.row(account)).toBeVisible();
  await homePage.backToHome();
  // The strategies' service must run for candle-close trading: an admin starts it.
  const admin = await openAdminConsole(browser);
  await admin.admin.setRdxService(true);
  await admin.close();

  const builder = new StrategyBuilderPage(page);
  await builder.open();
  await builder.start('SANDBOX 24x7', TEMPLATE);
  await expect(builder.legs()).toHaveCount(2);
  // Entering on the next 1-minute close, not the template's 5-minute one.
  await expect(builder.entryChoice('Enter')).toHaveValue('candle_close');
  await builder.entryChoice('Entry Interval').selectOption('1m');
  // Leg 1 keeps its 25 % stop and may be entered once more, at once, after it.
  await expect(builder.legField('Leg 1 Stop Loss')).toHaveValue('25');
  await expect(builder.legField('Leg 1 Re-enter When')).toBeDisabled();
  await builder.legField('Leg 1 Re-entries').fill('1');
  await builder.legField('Leg 1 Re-enter When').selectOption({ label: 'At once' });
  // The payoff drawn for these legs before the screen is taken.
  await expect(page.getByRole('region', { name: 'Premium and payoff now' })).toContainText(/Breakevens/i);
  await screenshots(page, 'legs-reentry-builder');

  await builder.button('Create paper strategy').click();
  await expect(builder.outcome()).toHaveText(/^Paper strategy #\d+ created: Multi-leg on SANDBOX 24x7, 2 legs\./);
  const id = Number(/#(\d+)/.exec((await builder.outcome().textContent()) ?? '')?.[1]);
  await builder.outcome().getByRole('link', { name: 'see it on Home' }).click();
  await expect(page).toHaveURL(/\/home/);
  await expect(activeStrategies.row(id).getByTestId('legs-summary')).toContainText(
    'SELL CE ATM+2 ×1 lot, current week, stop-loss 25 %, 1 re-entry',
  );

  await activeStrategies.act(id, 'Start');
  await expect(activeStrategies.status(id)).toHaveText('RUNNING');
  // The next 1-minute close can be up to a minute away.
  await expect(activeStrategies.statusDetail(id)).toHaveText(/^Holding 2 legs/, {
    timeout: 90_000,
  });
  const sales = recentTransactions.section().getByRole('row').filter({ hasText: 'SELL' });
  const buys = recentTransactions.section().getByRole('row').filter({ hasText: 'BUY' });
  await expect(sales).toHaveCount(2);

  try {
    await shockSandboxVolatility(request, 3);
    // Within seconds the sold premiums jump past their stops: Leg 1 is bought back and sold again at once (its
    // one re-entry), with the row saying so.
    const detail = activeStrategies.statusDetail(id);
    await expect(detail).toHaveText(
      /^Holding [12] legs? \(Leg 1 CE re-entered, 1 of 1 used(; .*)?\): until expiry or Exit$/,
      {
        timeout: 30_000,
      },
    );
    await expect(activeStrategies.status(id)).toHaveText('RUNNING');
    // Leg 2 has no re-entry: if it stopped too, the row says where, and it is out.
    const isLeg2Out = /Leg 2 PE/.test((await detail.textContent()) ?? '');
    if (isLeg2Out) {
      await expect(detail).toHaveText(
        /^Holding 1 leg \(Leg 1 CE re-entered, 1 of 1 used; Leg 2 PE stopped at ₹[\d,]+\.\d\d\): until expiry or Exit$/,
      );
    }
    // On record: the entry's two sales, each stopped leg bought back, and Leg 1 sold again.
    await expect(buys).toHaveCount(isLeg2Out ? 2 : 1);
    await expect(sales).toHaveCount(3);
    await screenshots(page, 'legs-reentry-home');
  } finally {
    await shockSandboxVolatility(request, 1);
  }
});
