// The order book (issue 32 item 2): a trader's paper strategy realigns on the screens, and the Orders view lists
// each order it made with what filled at what average; the status and strategy filters narrow it. An admin then
// finds the trader's orders on the Orders tab by username, each row naming its user.
import { screenshots } from '../lab-steps.js';
import { OrdersPage } from '../pages/orders.page.js';
import { holdPaperStrangle } from '../trading-steps.js';
import { ADMIN } from '../fixtures.js';
import { expect, newUser, signIn, test } from '../user-api.js';

test('a trader reads the orders a paper strategy made, each complete with its fill, and filters them', async ({
  page,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
  activeStrategies,
  adminPage,
}) => {
  const user = await newUser(request, 'orders');
  await signIn({ loginPage, homePage }, user);
  const mappingId = await holdPaperStrangle({ homePage, brokersPage, mappingsPage, activeStrategies });

  await homePage.openView('Orders');
  const orders = new OrdersPage(page);
  await expect(orders.rows()).toHaveCount(2);
  for (const row of await orders.rows().all()) {
    await expect(row).toContainText('Paper');
    await expect(row).toContainText('SELL');
    await expect(row).toContainText('Complete');
    await expect(row).toContainText(/SANDBOX \d{1,2} [A-Z]{3} \d+ (CE|PE)/);
    await expect(row).toContainText(/₹[\d,]+\.\d{2}/);
  }
  await screenshots(page, 'orders', ['Order book']);

  await orders.filterStatus('Rejected');
  await expect(orders.empty()).toBeVisible();
  await orders.filterStatus('Complete');
  await expect(orders.rows()).toHaveCount(2);
  await orders.filterStrategy(`(#${mappingId})`);
  await expect(orders.rows()).toHaveCount(2);

  await adminPage.logout(); // the Logout button every signed-in page has
  await loginPage.login(ADMIN.username, ADMIN.password);
  await adminPage.expectLoaded(ADMIN.username);
  await adminPage.openTab('orders');
  await orders.filterUser(user.username);
  await expect(orders.rows()).toHaveCount(2);
  for (const row of await orders.rows().all()) {
    await expect(row.locator('td[data-label="User"]')).toHaveText(user.username);
  }
  await screenshots(page, 'admin-orders', ['Order book']);
  await orders.filterUser('no-such-trader');
  await expect(orders.empty()).toBeVisible();
});
