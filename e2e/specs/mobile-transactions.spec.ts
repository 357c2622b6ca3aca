// A trader's fills on a phone (390×844): each reads as a card of "label value" lines, so the side, size and
// price are on screen without scrolling the table sideways. The fills are made through the screens.
import { LayoutPage } from '../pages/layout.page.js';
import { configureRdx, createSandboxMapping } from '../trading-steps.js';
import { kiteUserId } from '../trading-api.js';
import { expect, newUser, openAdminConsole, signIn, test } from '../user-api.js';

test.use({ viewport: { width: 390, height: 844 } });

test('fills read as cards on a phone, nothing to scroll sideways', async ({
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
  const user = await newUser(request, 'phonefills');
  const admin = await openAdminConsole(browser);
  await admin.admin.setRdxService(true);
  await admin.close();
  await signIn({ loginPage, homePage }, user);
  const brokerUsername = kiteUserId();
  await brokersPage.open();
  await brokersPage.add({ broker: 'Zerodha', username: brokerUsername });
  await homePage.backToHome();
  const id = await createSandboxMapping(homePage, mappingsPage, brokerUsername, 'Paper');
  await configureRdx(activeStrategies, id);
  await activeStrategies.act(id, 'Start');
  await activeStrategies.act(id, 'Realign'); // paper sells at once

  const table = recentTransactions.section().getByRole('table');
  const sells = table.getByRole('row').filter({ hasText: 'SELL' });
  await expect(sells).toHaveCount(2);
  await expect(table.locator('thead')).toBeHidden();
  // Every fact of the fill is inside the phone's width, its cell labelled.
  const first = sells.first();
  for (const cell of await first.locator('td').all()) {
    const box = await cell.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  }
  await expect(first.locator('td[data-label="Price"]')).toContainText('₹');
  const wrap = recentTransactions.section().locator('.table-wrap');
  expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await new LayoutPage(page).screenshot(390, 'home-with-fills');
});
