// Positions and P&L a trader can trust (issue 11). The first story goes through the screens only (the user
// is seeded through the API): a paper strategy enters, its row shows a live net P&L that moves without a
// reload, expands into its two legs and their greeks, today's strip adds up the day, and the chart lists the trades it
// marks. The second story is the reconciliation banner: a live broker account that holds what the
// console does not.
import { adminToken } from '../fixtures.js';
import { AdminDataPage } from '../pages/admin-data.page.js';
import { LayoutPage } from '../pages/layout.page.js';
import { PositionsPage, RUPEE_FIGURE } from '../pages/positions.page.js';
import { buyInKite } from '../kite-app.js';
import { AlertsBellPage } from '../pages/alerts-bell.page.js';
import { sandboxTotp } from '../sandbox.js';
import { configureRdx, createSandboxMapping, linkZerodhaWithToken } from '../trading-steps.js';
import { kiteUserId, SANDBOX_BROKER_PASSWORD, sandboxInstrumentId } from '../trading-api.js';
import {
  addBrokerViaApi,
  addMappingViaApi,
  addRdxConfigViaApi,
  apiAs,
  expect,
  newUser,
  openAdminConsole,
  signIn,
  test,
  type TestUser,
} from '../user-api.js';
import type { APIRequestContext, Page } from '@playwright/test';

/** SANDBOX 24x7's Kite instrument token (docs/SANDBOX.md). */
const SANDBOX_TOKEN = '99000073';

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** Full-page screenshots at a desktop and a phone width, each checked for a sideways page scroll. */
async function screenshots(page: Page, name: string) {
  const layout = new LayoutPage(page);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await layout.screenshot(viewport.width, name);
    expect.soft(await layout.horizontalOverflow(), `${name} at ${viewport.width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(VIEWPORTS[0]!);
}

test.describe.configure({ mode: 'serial' });

test("a paper strategy's net P&L moves live, its row opens into its legs, the strip sums the day and the chart lists its trades", async ({
  page,
  browser,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
  activeStrategies,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(VIEWPORTS[0]!);
  const positions = new PositionsPage(page);
  const user = await newUser(request, 'pnl');
  // The service first, so the home does not open on the stopped-service banner.
  const admin = await openAdminConsole(browser);
  try {
    await admin.admin.setRdxService(true);
    await signIn({ loginPage, homePage }, user);

    const brokerUsername = kiteUserId();
    await brokersPage.open();
    await brokersPage.add({ broker: 'Zerodha', username: brokerUsername });
    await expect(brokersPage.tokenCell(brokerUsername)).toHaveText('Not set');
    await homePage.backToHome();
    const id = await createSandboxMapping(homePage, mappingsPage, brokerUsername, 'Paper');
    await configureRdx(activeStrategies, id);
    await activeStrategies.act(id, 'Start');
    await expect(activeStrategies.status(id)).toHaveText('RUNNING');

    // A paper realign from flat sells both legs at once: the row's net P&L becomes a rupee figure.
    await activeStrategies.act(id, 'Realign');
    await expect(activeStrategies.statusDetail(id)).toHaveText(/^Holding 2 legs around ATM [\d,]+/);
    await expect(positions.netPnl(id)).toHaveText(RUPEE_FIGURE);

    // The row opens into its two sold legs and the strategy's realized, charges and net.
    await positions.expand(id);
    await expect(positions.legs(id)).toHaveCount(2);
    for (const leg of await positions.legs(id).all()) {
      // As Kite names the contract, e.g. SANDBOX 4 DEC 10150 CE.
      await expect(leg.getByRole('cell').nth(0)).toHaveText(/^SANDBOX \d{1,2} [A-Z]{3} \d+ (CE|PE)$/);
      await expect(leg.getByRole('cell').nth(1)).toHaveText('SELL');
      // Signed as Kite signs a position (issue 27): a short reads -50 on both screens.
      await expect(leg.getByRole('cell').nth(2)).toHaveText('-50');
      // Kite's way beside ours (issue 28): one fill a leg, so Kite's average is the entry; opened today, so
      // Kite's day P&L is a figure (no previous close needed).
      const entry = await leg.getByRole('cell').nth(3).textContent();
      await expect(leg.getByRole('cell').nth(4)).toHaveText(entry ?? '');
      await expect(leg.getByRole('cell').nth(7)).toHaveText(RUPEE_FIGURE);
    }
    // The strategy's average-price split and day P&L, as Kite's positions screen computes them.
    await expect(positions.brokerWayFigure(id, 'Realized (avg)')).toHaveText('₹0.00');
    await expect(positions.brokerWayFigure(id, 'Unrealized (avg)')).toHaveText(RUPEE_FIGURE);
    await expect(positions.brokerWayFigure(id, 'Day P&L')).toHaveText(RUPEE_FIGURE);
    await expect(positions.detailFigure(id, 'Realized')).toHaveText(RUPEE_FIGURE);
    // Two sell orders cost at least the ₹20 brokerage each.
    await expect(positions.detailFigure(id, 'Charges (est.)')).not.toHaveText('₹0.00');
    await expect(positions.detailFigure(id, 'Net')).toHaveText(RUPEE_FIGURE);

    // Each sold leg's IV and greeks (issue 34), and the strategy's sums beneath.
    await expect(positions.greeksLegs(id)).toHaveCount(2);
    for (const leg of await positions.greeksLegs(id).all()) {
      const cells = leg.getByRole('cell');
      await expect(cells.nth(1)).toHaveText(/^\d+\.\d{2}%$/);
      for (const k of [2, 3]) await expect(cells.nth(k)).toHaveText(/^[+−]?[\d,]+\.\d+$/);
      // Sold: theta earns (positive), vega loses as IV rises (negative).
      await expect(cells.nth(4)).toHaveText(/^\+₹[\d,]+\.\d{2}$/);
      await expect(cells.nth(5)).toHaveText(/^−₹[\d,]+\.\d{2}$/);
    }
    await expect(positions.greeksTotal(id).nth(3)).toHaveText(/^\+₹[\d,]+\.\d{2}$/);
    await expect(positions.greeksTotal(id).nth(4)).toHaveText(/^−₹[\d,]+\.\d{2}$/);

    // The two sold legs' payoff (issue 34): a short strangle breaks even on both sides, its loss unlimited.
    await expect(positions.payoff(id).getByTestId('payoff-breakevens')).toHaveText(
      /^₹[\d,]+\.\d{2} and ₹[\d,]+\.\d{2}$/,
    );
    await expect(positions.payoff(id).getByTestId('payoff-max-loss')).toHaveText('Unlimited');
    await expect(positions.payoff(id).locator('svg')).toBeVisible();

    // Premiums move every second: the figures change with positions_updated, no reload.
    const before = await positions.netPnl(id).textContent();
    const thetaBefore = await positions.greeksTotal(id).nth(3).textContent();
    await expect(positions.netPnl(id)).not.toHaveText(before ?? '', { timeout: 60_000 });
    await expect(positions.greeksTotal(id).nth(3)).not.toHaveText(thetaBefore ?? '', { timeout: 60_000 });

    // Today's strip (IST) shows the day's figures; the day's contract note is still open, so the charges say
    // they are an estimate until the day closes.
    await expect(positions.strip()).toContainText("Today's charges are an estimate until the day closes");
    await expect(positions.stripFigure('Realized')).toHaveText(RUPEE_FIGURE);
    await expect(positions.stripFigure('Unrealized')).toHaveText(RUPEE_FIGURE);
    await expect(positions.stripFigure('Charges (est.)')).not.toHaveText('₹0.00');
    await expect(positions.stripFigure('Net')).toHaveText(RUPEE_FIGURE);
    // Beside the day's figures, Kite's day P&L (issue 28): legs opened today, so a figure (no previous close).
    await expect(positions.stripKiteDayPnl()).toHaveText(RUPEE_FIGURE);
    await screenshots(page, 'positions-home-expanded');

    // The chart marks the entry; its markers are listed in words.
    await positions.openChart(id);
    await expect(positions.markerCount()).toHaveText('1 trade marker');
    await expect(positions.markers()).toHaveText([/Entry SELL 50 SANDBOX\w+ @ [\d,.]+, SELL 50 SANDBOX\w+ @ [\d,.]+$/]);
    await expect(positions.chartDialog().getByTestId('mtm-caption')).toContainText('MTM curve over the day');
    await expect(positions.chartDialog().getByTestId('strategy-mtm-chart').locator('canvas').first()).toBeVisible();
    await screenshots(page, 'positions-chart');
    await positions.closeChart();

    // Exit buys both legs back: the row keeps its realized figure, and the chart marks the exit too.
    await activeStrategies.act(id, 'Exit', 'accept');
    await expect(activeStrategies.status(id)).toHaveText('STOPPED');
    await expect(positions.legs(id)).toHaveCount(0);
    await expect(positions.detail(id)).toContainText('No open legs.');
    await positions.openChart(id);
    await expect(positions.markerCount()).toHaveText('2 trade markers');
    await expect(positions.markers()).toHaveText([/Entry/, /Exit BUY 50 .* BUY 50 /]);
    await positions.closeChart();

    // The admin stores the underlying's 1m candles (data tab), then sees the same strategy on the
    // all-users table and its chart: candles with the entry and the exit marked.
    const data = new AdminDataPage(admin.page);
    await admin.admin.openTab('data');
    await data.choose({ source: 'kite', instrumentToken: SANDBOX_TOKEN, interval: '1m' });
    await data.fetchData();
    await expect(data.success(/Successfully fetched/)).toBeVisible();
    await admin.admin.openTab('strategies');
    const adminPositions = new PositionsPage(admin.page);
    await expect(adminPositions.netPnl(id)).toHaveText(RUPEE_FIGURE);
    // Other specs' strategies share this console: the mode named after the scope depends on theirs.
    await expect(adminPositions.strip()).toHaveAccessibleName(/^Today \(IST\), all users/);
    await adminPositions.expand(id);
    await adminPositions.openChart(id);
    await expect(
      adminPositions.chartDialog().getByTestId('strategy-candle-chart').locator('canvas').first(),
    ).toBeVisible();
    await expect(adminPositions.chartDialog()).toContainText('1m candles (kite)');
    await expect(adminPositions.markerCount()).toHaveText('2 trade markers');
    await admin.page.setViewportSize(VIEWPORTS[0]!);
    await new LayoutPage(admin.page).screenshot(VIEWPORTS[0]!.width, 'positions-admin-chart');
    await adminPositions.closeChart();
  } finally {
    await admin.admin.setRdxService(true);
    await admin.close();
  }
});

/**
 * A trade placed on the broker account outside this console. The sandbox exchange runs inside the e2e
 * server on a port the tests are not told, so its Kite API cannot be called from here; the same Kite
 * account linked by a second console user stands in for "another app": that user's live strategy sells
 * through the broker, which the first user's console knows nothing about.
 */
async function tradeOnTheAccountElsewhere(request: APIRequestContext, kiteId: string) {
  const outsider = await newUser(request, 'elsewhere');
  const broker = await addBrokerViaApi(request, outsider, 'Zerodha', kiteId);
  await apiAs(request, outsider.token, 'POST', `/brokers/user-brokers/${broker.id}/generate-token`, {
    password: SANDBOX_BROKER_PASSWORD,
    appcode: sandboxTotp(),
  });
  const id = await addMappingViaApi(request, outsider, {
    user_broker_id: broker.id,
    instrument_id: await sandboxInstrumentId(request, outsider),
    is_dummy: 0,
    ce_count: 1,
    pe_count: 1,
  });
  await addRdxConfigViaApi(request, outsider, id, { offset_value: 100, interval: '1m' });
  await apiAs(request, outsider.token, 'PUT', `/strategies/user-mappings/${id}/toggle-status`, { running_status: 1 });
  await apiAs(request, outsider.token, 'POST', `/strategies/user-mappings/${id}/realign`);
  // Paused, so candle closes leave the account alone until the story squares it off.
  await apiAs(request, outsider.token, 'POST', `/rdx/pause/${id}`);
  await expect
    .poll(async () => (await apiAs<{ total: number }>(request, outsider.token, 'GET', '/transactions?limit=10')).total)
    .toBe(2);
  return { outsider, mappingId: id };
}

async function squareOff(request: APIRequestContext, outsider: TestUser, mappingId: number) {
  await apiAs(request, outsider.token, 'POST', `/strategies/user-mappings/${mappingId}/exit`);
}

test('the home warns when the broker account of a live strategy holds positions the console does not know', async ({
  page,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(VIEWPORTS[0]!);
  const positions = new PositionsPage(page);
  const user = await newUser(request, 'recon');
  await signIn({ loginPage, homePage }, user);
  // The RDX service runs the realign below; another story may have left it either way.
  await apiAs(request, await adminToken(request), 'POST', '/rdx/start');

  // The user links a Zerodha account with a token and maps a live strategy to it (not started).
  const kiteId = kiteUserId();
  await linkZerodhaWithToken(brokersPage, homePage, kiteId);
  const checked = page.waitForResponse((r) => r.url().includes('/api/positions/reconcile') && r.ok());
  await createSandboxMapping(homePage, mappingsPage, kiteId, 'Live');
  await checked;
  // Both sides flat: no alert, and a quiet line says they agree.
  await expect(positions.reconcileBanner()).toHaveCount(0);
  await expect(positions.reconcileAgreement()).toContainText('Broker positions agree for 1 account (checked');

  const { outsider, mappingId } = await tradeOnTheAccountElsewhere(request, kiteId);
  try {
    // The home compares again every 30 s, without a reload: two of its turns, so a turn that read the broker just
    // before the trade landed (on a machine busy with the other worker's story) does not fail the story.
    await expect(positions.reconcileAlert()).toContainText(`Broker positions differ for ${kiteId}:`, {
      timeout: 75_000,
    });
    await expect(positions.reconcileAlert()).toContainText(/SANDBOX\w+CE console flat vs broker short 50/);
    await expect(positions.reconcileAlert()).toContainText(/SANDBOX\w+PE console flat vs broker short 50/);
    await screenshots(page, 'positions-reconcile-banner');
  } finally {
    await squareOff(request, outsider, mappingId);
  }

  // Squared off at the broker: Check now asks again at once, and the banner gives way to agreement.
  await positions.reconcileBanner().getByRole('button', { name: 'Check now' }).click();
  await expect(positions.reconcileBanner()).toHaveCount(0);
  await expect(positions.reconcileAgreement()).toContainText('Broker positions agree for 1 account');
  await screenshots(page, 'positions-reconcile-agree');
});

test('a leg bought back in Kite by hand pauses its live strategy; Match the broker books it and the two agree again', async ({
  page,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
  activeStrategies,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(VIEWPORTS[0]!);
  const positions = new PositionsPage(page);
  const bell = new AlertsBellPage(page);
  const user = await newUser(request, 'match');
  await signIn({ loginPage, homePage }, user);
  await apiAs(request, await adminToken(request), 'POST', '/rdx/start');

  // A paper-only console has no broker to compare with, and says so (issue 27).
  const paperBroker = kiteUserId();
  await brokersPage.open();
  await brokersPage.add({ broker: 'Zerodha', username: paperBroker });
  await homePage.backToHome();
  await createSandboxMapping(homePage, mappingsPage, paperBroker, 'Paper');
  await expect(positions.reconcilePaper()).toContainText(
    'Paper trading only (1 paper strategy): no broker positions to compare',
  );
  await expect(positions.reconcileAgreement()).toHaveCount(0);

  // A live strategy sells both legs through the broker.
  const kiteId = kiteUserId();
  await linkZerodhaWithToken(brokersPage, homePage, kiteId);
  const id = await createSandboxMapping(homePage, mappingsPage, kiteId, 'Live');
  await configureRdx(activeStrategies, id);
  await activeStrategies.act(id, 'Start', 'accept');
  await activeStrategies.act(id, 'Realign', 'accept');
  await expect(activeStrategies.statusDetail(id)).toHaveText(/^Holding 2 legs around ATM [\d,]+/);
  await expect(positions.reconcileAgreement()).toContainText('Broker positions agree for 1 account');
  await positions.expand(id);
  await expect(positions.legs(id)).toHaveCount(2);
  const symbols = await positions.legSymbols(id);
  const call = symbols.find((symbol) => symbol.endsWith('CE')) ?? '';
  expect(call).toMatch(/^SANDBOX\w+CE$/);

  // The trader buys the call back in Kite's own app.
  await buyInKite(kiteId, call, 50);
  await positions.reconcileAgreement().getByRole('button', { name: 'Check now' }).click();
  await expect(positions.reconcileAlert()).toContainText(`${call} console short 50 vs broker flat`);
  // The console no longer trades on it: paused, saying what differs and what to do.
  await expect(activeStrategies.status(id)).toHaveText('PAUSED');
  await expect(activeStrategies.statusDetail(id)).toContainText(
    `the broker no longer holds what the console counts (${call}: console short 50, broker flat); make the console match the broker`,
  );
  await bell.open();
  await expect(bell.alert('Strategy paused: broker positions differ')).toHaveCount(1);
  await expect(bell.alert(`Broker positions differ: ${kiteId}`)).toHaveCount(1);
  await bell.close();
  await screenshots(page, 'positions-match-broker-offer');

  // Match the broker: the call is booked as bought back at the trader's price; nothing is sent to Kite.
  await positions.matchTheBroker(call, '12.30');
  await expect(page.getByRole('status').filter({ hasText: `Booked 50 ${call} as bought back` })).toBeVisible();
  await expect(positions.reconcileBanner()).toHaveCount(0);
  await expect(positions.reconcileAgreement()).toContainText('Broker positions agree for 1 account');
  await expect(positions.legs(id)).toHaveCount(1);
  await expect(positions.legs(id).first()).toContainText(/PE/);
  await expect(activeStrategies.statusDetail(id)).toContainText(
    'on a broker difference, since matched: Resume to trade again',
  );

  // Resumed (a LIVE resume asks first), it trades again; Exit leaves the account flat.
  await activeStrategies.act(id, 'Resume', 'accept');
  await expect(activeStrategies.status(id)).toHaveText('RUNNING');
  await activeStrategies.act(id, 'Exit', 'accept');
  await expect(activeStrategies.status(id)).toHaveText('STOPPED');
});
