// Issue 27: a trader bought a leg of a live strategy back in Kite's own app. The console used to keep the
// strategy RUNNING on a leg the broker no longer held until a screen asked the broker, and then still offered
// Exit (which would buy it back again: a new long) and Realign. Now the leader compares every live account
// with its broker each minute (RECONCILE_EVERY_SECONDS; shorter for these stories): with the trader on
// another screen the strategy pauses and the bell says so; its row names the difference and offers Match the
// broker instead of Exit and Realign. The user is seeded through the API; the rest is done through the
// screens, and in Kite's app (the sandbox exchange stands in for Kite).
import { adminToken } from '../fixtures.js';
import { buyInKite } from '../kite-app.js';
import { AlertsBellPage } from '../pages/alerts-bell.page.js';
import { LayoutPage } from '../pages/layout.page.js';
import { PositionsPage } from '../pages/positions.page.js';
import { kiteUserId } from '../trading-api.js';
import { configureRdx, createSandboxMapping, linkZerodhaWithToken } from '../trading-steps.js';
import { apiAs, expect, newUser, signIn, test } from '../user-api.js';
import type { Page } from '@playwright/test';

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

test('a leg bought back in Kite pauses its live strategy with no screen asking; the row offers Match the broker, not Exit or Realign', async ({
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
  const user = await newUser(request, 'drift');
  await signIn({ loginPage, homePage }, user);
  // The RDX service trades the realign below; another story may have left it either way.
  await apiAs(request, await adminToken(request), 'POST', '/rdx/start');

  // A live strategy sells both legs through the broker.
  const kiteId = kiteUserId();
  await linkZerodhaWithToken(brokersPage, homePage, kiteId);
  const id = await createSandboxMapping(homePage, mappingsPage, kiteId, 'Live');
  await configureRdx(activeStrategies, id);
  await activeStrategies.act(id, 'Start', 'accept');
  await activeStrategies.act(id, 'Realign', 'accept');
  await expect(activeStrategies.statusDetail(id)).toHaveText(/^Holding 2 legs around ATM [\d,]+/);
  await positions.expand(id);
  const symbols = await positions.legSymbols(id);
  const call = symbols.find((symbol) => symbol.endsWith('CE')) ?? '';
  expect(call).toMatch(/^SANDBOX\w+CE$/);

  // The trader moves to the Profile page (nothing there asks the broker), then buys the call back in Kite.
  await homePage.openView('Profile');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/positions/reconcile')) asked.push(r.url());
  });
  await buyInKite(kiteId, call, 50);

  // The console finds it by itself: the bell tells of the pause and of the difference, once each.
  await expect(bell.unread()).toHaveText(/^[1-9]/, { timeout: 60_000 });
  await bell.open();
  await expect(bell.alert('Strategy paused: broker positions differ')).toHaveCount(1, { timeout: 30_000 });
  await expect(bell.alert(`Broker positions differ: ${kiteId}`)).toHaveCount(1);
  await bell.close();
  expect(asked, 'no screen asked the broker').toEqual([]);

  // Home: paused, saying what differs; Match the broker is offered, Exit, Realign and Resume are not.
  await homePage.backToHome();
  await expect(activeStrategies.status(id)).toHaveText('PAUSED');
  await expect(activeStrategies.statusDetail(id)).toContainText(
    `the broker no longer holds what the console counts (${call}: console short 50, broker flat)`,
  );
  await expect(activeStrategies.statusDetail(id)).toContainText('Exit and Realign wait until then');
  await expect(activeStrategies.buttons(id)).toHaveText(['Configure', 'Match the broker']);
  // The banner offers it too, beside Check now.
  await expect(positions.reconcileAlert()).toContainText(`${call} console short 50 vs broker flat`);
  await expect(positions.matchButton(call)).toBeVisible();
  await expect(positions.reconcileBanner().getByRole('button', { name: 'Check now' })).toBeVisible();
  await screenshots(page, 'broker-drift-paused-row');

  // Two rounds later the bell still holds one alert of the difference.
  await bell.open();
  await expect(bell.alert(`Broker positions differ: ${kiteId}`)).toHaveCount(1);
  await bell.close();

  // Match the broker from the row: the call is booked as bought back at the trader's price.
  await activeStrategies.button(id, 'Match the broker').click();
  const dialog = page.getByRole('dialog', { name: 'Match the broker' });
  await expect(dialog).toContainText(`of ${call} that`);
  await dialog.getByLabel(/Average buy price/).fill('12.30');
  await screenshots(page, 'broker-drift-match-dialog');
  await dialog.getByRole('button', { name: 'Book 50 as bought back' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(activeStrategies.message()).toContainText(`Booked 50 ${call} as bought back`);
  await expect(activeStrategies.statusDetail(id)).toContainText(
    'on a broker difference, since matched: Resume to trade again',
  );
  await expect(positions.reconcileAgreement()).toContainText('Broker positions agree');
  await expect(activeStrategies.buttons(id)).toHaveText(['Configure', 'Resume', 'Realign', 'Exit']);

  // Exit now buys back only the put the broker still holds short, and the account is flat.
  await activeStrategies.act(id, 'Exit', 'accept');
  await expect(activeStrategies.status(id)).toHaveText('STOPPED');
  await positions.expand(id);
  await expect(positions.legs(id)).toHaveCount(0);
});
