// Kite's order book holds the day's orders only. An order the console sent yesterday and never heard back
// about (it crashed, or was down overnight, after sending it) can no longer be asked about: only the
// trader's Kite account says whether it filled. The trader links a Zerodha account and maps a live
// strategy through the screens; the crash's leftover order is the one thing written straight into the
// console's database. The row then offers Settle Orders; the trader says what the account shows, and the
// strategy no longer waits on it.
import { expect } from '@playwright/test';
import { orderSentYesterday } from '../crash-state.js';
import { LayoutPage } from '../pages/layout.page.js';
import { SettleOrdersModal } from '../pages/user-strategies.page.js';
import { kiteUserId } from '../trading-api.js';
import { configureRdx, createSandboxMapping, linkZerodhaWithToken } from '../trading-steps.js';
import { newUser, signIn, test } from '../user-api.js';

/** SANDBOX 24x7's lot (docs/SANDBOX.md). */
const SANDBOX_LOT = 50;

test('a trader settles by hand an order Kite no longer lists, and the strategy stops waiting on it', async ({
  page,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
  activeStrategies,
}) => {
  test.setTimeout(90_000);
  const user = await newUser(request, 'settle');
  await signIn({ loginPage, homePage }, user);
  const kiteId = kiteUserId();
  await linkZerodhaWithToken(brokersPage, homePage, kiteId);
  const id = await createSandboxMapping(homePage, mappingsPage, kiteId, 'Live');
  await configureRdx(activeStrategies, id);
  await expect(activeStrategies.button(id, 'Settle Orders')).toHaveCount(0);

  const symbol = orderSentYesterday(id, SANDBOX_LOT);
  const what = `SELL ${SANDBOX_LOT} ${symbol}`;
  await page.reload();
  await activeStrategies.button(id, 'Settle Orders').click();
  const modal = new SettleOrdersModal(page);
  await expect(modal.order(what)).toContainText('opening a leg');
  await expect(modal.dialog()).toContainText("Kite keeps only the day's orders");
  // On a desk and on a phone, the dialog fits the screen.
  const layout = new LayoutPage(page);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await layout.screenshot(viewport.width, 'settle-orders');
    expect.soft(await layout.horizontalOverflow(), `settle-orders at ${viewport.width} px`).toBeLessThanOrEqual(0);
  }

  // A fill needs the price the account shows: nothing is sent without it.
  await modal.order(what).getByRole('button', { name: 'It filled' }).click();
  await expect(modal.error()).toHaveText('Price must be a number');

  // The account shows no such trade: it did not fill.
  await modal.notFilled(what);
  await expect(modal.dialog()).toHaveCount(0);
  await expect(activeStrategies.button(id, 'Settle Orders')).toHaveCount(0);
  await expect(activeStrategies.row(id)).not.toContainText(symbol);
});
