// The order book (issue 32 item 2): a trader's paper strategy realigns on the screens, and the Orders view lists
// each order it made with what filled at what average; the status filter narrows it.
import { screenshots } from '../lab-steps.js';
import { OrdersPage } from '../pages/orders.page.js';
import { holdPaperStrangle } from '../trading-steps.js';
import { expect, newUser, signIn, test } from '../user-api.js';

test('a trader reads the orders a paper strategy made, each complete with its fill, and filters them', async ({
  page,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
  activeStrategies,
}) => {
  const user = await newUser(request, 'orders');
  await signIn({ loginPage, homePage }, user);
  await holdPaperStrangle({ homePage, brokersPage, mappingsPage, activeStrategies });

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
});
