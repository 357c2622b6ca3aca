// Issue 12: the way an operator rehearses live trading before pointing the console at the real Kite. A
// console started with MARKET_MODE=live talks to a standalone sandbox exchange (its own process, as
// `npm run sandbox` runs it) through the KITE_* roots the sandbox prints. Everything a person would do
// happens in the browser: the admin generates the market-data token, adds the instrument, loads the day's
// instruments and switches the RDX service on; the trader adds the broker account, generates its token,
// creates and configures a LIVE strategy and starts it. Mid-run the operator injects a fault on the
// sandbox's control port: the broker refuses the exit's first order. The trader is told the broker's words,
// the console chases the square-off by itself, and the exchange's own order book shows no order twice.
import { ADMIN, expect, test } from '../fixtures.js';
import { startRehearsal, type Rehearsal } from '../live-rehearsal.js';
import { AdminInstrumentsPage } from '../pages/admin-instruments.page.js';
import { AdminServicesPage } from '../pages/admin-services.page.js';
import { AdminPage } from '../pages/admin.page.js';
import { AlertsBellPage } from '../pages/alerts-bell.page.js';
import { HomePage } from '../pages/home.page.js';
import { LoginPage } from '../pages/login.page.js';
import { screenshots } from '../lab-steps.js';
import { OrdersPage } from '../pages/orders.page.js';
import { UserBrokersPage } from '../pages/user-brokers.page.js';
import { UserMappingsPage } from '../pages/user-mappings.page.js';
import { UserActiveStrategiesPage } from '../pages/user-strategies.page.js';
import { UserTransactionsPage } from '../pages/user-transactions.page.js';
import { sandboxTotp } from '../sandbox.js';
import { kiteUserId, SANDBOX_BROKER_PASSWORD } from '../trading-api.js';
import { configureRdx, createSandboxMapping } from '../trading-steps.js';

interface ExchangeOrder {
  user_id: string;
  transaction_type: 'BUY' | 'SELL';
  status: string;
  market_protection: number | null;
  tradingsymbol: string;
}

let rehearsal: Rehearsal;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  rehearsal = await startRehearsal();
});
test.afterAll(async () => {
  await rehearsal?.stop();
});

/** What the exchange saw from one Kite user, as the sandbox's control port reports it. */
async function exchangeOrders(kiteUser: string): Promise<ExchangeOrder[]> {
  const res = await fetch(`${rehearsal.sandboxUrl}/control/orders`);
  const body = (await res.json()) as { orders: ExchangeOrder[] };
  return body.orders.filter((o) => o.user_id === kiteUser);
}

async function injectFault(fault: Record<string, unknown>) {
  const res = await fetch(`${rehearsal.sandboxUrl}/control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(res.status).toBe(200);
}

test('an operator rehearses a live day against a standalone sandbox; a refused exit is told and chased', async ({
  browser,
}) => {
  // Two 1m candle closes of real time at most, plus the square-off chase (15 s back-off).
  test.setTimeout(300_000);
  const baseURL = rehearsal.consoleUrl;

  // The admin, as on the morning of a trading day.
  const adminContext = await browser.newContext({ baseURL });
  const adminTab = await adminContext.newPage();
  await new LoginPage(adminTab).open();
  await new LoginPage(adminTab).login(ADMIN.username, ADMIN.password);
  const admin = new AdminPage(adminTab);
  await admin.expectLoaded(ADMIN.username);
  const services = new AdminServicesPage(adminTab);
  await services.open('brokers');
  await services.appCode().fill(sandboxTotp());
  await services.generateButton().click();
  await expect(services.success('Kite access token generated successfully!')).toBeVisible();

  const instruments = new AdminInstrumentsPage(adminTab);
  await instruments.open();
  await instruments.add({
    name: 'SANDBOX 24x7',
    token: '99000073',
    lotSize: '50',
    ticker: 'SANDBOX',
    openTime: '00:00',
    closeTime: '23:59',
    timezone: 'Asia/Kolkata',
    tradingDays: 'All days',
  });
  await expect(instruments.row('99000073')).toBeVisible();
  await instruments.refreshFromExchange();
  await expect(instruments.success(/Lot sizes from the exchange/)).toBeVisible();
  await admin.setRdxService(true);
  await admin.openTab('users');
  const username = `rehearsal_${Date.now() % 1_000_000}`;
  const password = 'rehearsal-password';
  await admin.createUser(username, password);

  // The trader.
  const traderContext = await browser.newContext({ baseURL });
  const page = await traderContext.newPage();
  const home = new HomePage(page);
  await new LoginPage(page).open();
  await new LoginPage(page).login(username, password);
  // The admin chose that password: the trader replaces it at the first sign-in (issue 27).
  await new LoginPage(page).chooseOwnPassword(password, 'rehearsal-own-password');
  await expect(page).toHaveURL(/\/home/);
  const brokers = new UserBrokersPage(page);
  const kiteUser = kiteUserId();
  await brokers.open();
  await brokers.add({ broker: 'Zerodha', username: kiteUser });
  await brokers.generateToken(kiteUser, SANDBOX_BROKER_PASSWORD, sandboxTotp());
  await expect(brokers.tokenCell(kiteUser)).toHaveText('Configured');
  await home.backToHome();

  const strategies = new UserActiveStrategiesPage(page);
  const id = await createSandboxMapping(home, new UserMappingsPage(page), kiteUser, 'Live');
  await configureRdx(strategies, id);
  expect(await strategies.act(id, 'Start', 'accept')).toMatch(/^Start this LIVE strategy\?\n/);
  await expect(strategies.status(id)).toHaveText('RUNNING');

  // The next 1m candle close sells both legs through the broker, with market protection.
  const rows = new UserTransactionsPage(page).section().getByRole('row');
  const liveSells = rows.filter({ hasText: 'SELL' }).filter({ hasText: 'LIVE' });
  const liveBuys = rows.filter({ hasText: 'BUY' }).filter({ hasText: 'LIVE' });
  await expect(liveSells).toHaveCount(2, { timeout: 150_000 });
  await expect(strategies.statusDetail(id)).toHaveText(/^Holding 2 legs around ATM [\d,]+/);
  const entered = await exchangeOrders(kiteUser);
  expect(entered.map((o) => [o.transaction_type, o.status, o.market_protection])).toEqual([
    ['SELL', 'COMPLETE', -1],
    ['SELL', 'COMPLETE', -1],
  ]);

  // Mid-run the broker refuses the next order: the exit's first buy-back.
  const refusal = 'Margin exceeds the available funds (rehearsal)';
  await injectFault({ reject_orders: 1, message: refusal });
  await strategies.act(id, 'Exit', 'accept');
  await expect(strategies.error()).toContainText(refusal);
  await expect(strategies.status(id)).toHaveText('STOPPED');
  // The row says the console keeps at it, with the broker's words.
  await expect(strategies.statusDetail(id)).toContainText('Stopped with 2 legs still open');
  await expect(strategies.statusDetail(id)).toContainText('square-off incomplete');
  await expect(strategies.statusDetail(id)).toContainText(refusal);
  await expect(strategies.statusDetail(id)).toContainText('trying again');

  // The console squares off what is left by itself (the chase backs off 15 s) and the row says so.
  await expect(liveBuys).toHaveCount(2, { timeout: 60_000 });
  await expect(strategies.statusDetail(id)).toHaveText('Stopped: press Start to trade', { timeout: 10_000 });

  // Issue 27: the bell told the trader what was left open and that the console kept at it, then that it
  // completed, so no red alert is left standing; the admin read the same, naming the trader.
  for (const [tab, whose] of [
    [page, ''],
    [adminTab, ` (${username})`],
  ] as const) {
    const bell = new AlertsBellPage(tab);
    await bell.open();
    const incomplete = bell.alert(`Square-off incomplete: RDX on SANDBOX 24x7${whose}`);
    await expect(incomplete).toHaveCount(1);
    await expect(incomplete).toContainText(refusal);
    await expect(incomplete).toContainText(/SANDBOX\w+CE 50, SANDBOX\w+PE 50 are still open at the broker/);
    await expect(incomplete).toContainText('The console keeps trying (try 1 of 5).');
    await expect(bell.alert(`Square-off completed: RDX on SANDBOX 24x7${whose}`)).toContainText(
      'Nothing of it is open any more.',
    );
    await bell.close();
  }

  // The exchange's book: two sells, one refused buy, two filled buys; nothing placed twice.
  const all = await exchangeOrders(kiteUser);
  const count = (side: string, status: string) =>
    all.filter((o) => o.transaction_type === side && o.status === status).length;
  expect([count('SELL', 'COMPLETE'), count('BUY', 'REJECTED'), count('BUY', 'COMPLETE')]).toEqual([2, 1, 2]);
  expect(all).toHaveLength(5);
  const bought = all.filter((o) => o.transaction_type === 'BUY' && o.status === 'COMPLETE').map((o) => o.tradingsymbol);
  const sold = all.filter((o) => o.transaction_type === 'SELL').map((o) => o.tradingsymbol);
  expect(bought.sort()).toEqual(sold.sort());

  // Issue 31 item 7: each order is one click from its trace — the entry's rules, inputs and author, and its fills.
  await home.openView('Orders');
  const orders = new OrdersPage(page);
  const entryTrace = await orders.openTrace('SELL');
  await expect(entryTrace).toContainText('Strategy: RDX rules v1 · algo ID RDX-1');
  await expect(entryTrace).toContainText(/Decided: Entry at the candle closing \d{2}:\d{2} IST/);
  await expect(entryTrace).toContainText('By: the engine (candle close)');
  await expect(entryTrace.getByRole('table', { name: 'Fills' }).locator('tbody tr')).toHaveCount(1);
  await screenshots(page, 'order-trace');
  await home.backToHome();

  // Console and broker agree: nothing open on either side, so no drift banner, without reloading the page
  // (the screen asks the broker again a few seconds after every fill).
  await expect(page.getByText(/Broker positions differ/)).toHaveCount(0, { timeout: 15_000 });

  await adminContext.close();
  await traderContext.close();
});
