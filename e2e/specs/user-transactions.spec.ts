import { expect, newUser, signIn, test } from '../user-api.js';

// There is no API to create transactions yet: the rows (SELL/BUY, ₹ Indian format, mode) are
// covered by web/src/features/transactions/TransactionRow.test.tsx.
test.describe('Home - Recent Transactions', () => {
  test('a new user sees the empty list, a zero summary, one page, and can refresh', async ({
    request,
    loginPage,
    homePage,
    recentTransactions,
  }) => {
    const user = await newUser(request, 'txn');
    await signIn({ loginPage, homePage }, user);

    await expect(recentTransactions.section().getByRole('heading', { name: 'Recent Transactions' })).toBeVisible();
    await expect(recentTransactions.emptyState()).toBeVisible();
    await expect(recentTransactions.summaryValue('Transactions')).toHaveText('0');
    await expect(recentTransactions.summaryValue('Turnover')).toHaveText('₹0.00');
    await expect(recentTransactions.summaryValue('Net Premium')).toHaveText('₹0.00');
    await expect(recentTransactions.pagination()).toHaveCount(0);

    await recentTransactions.refresh();
    await expect(recentTransactions.emptyState()).toBeVisible();
    await expect(recentTransactions.section().locator('.message-error')).toHaveCount(0);
  });

  test("a failed load shows 'Failed to load transactions', Refresh recovers, a failed refresh says so", async ({
    page,
    request,
    loginPage,
    homePage,
    recentTransactions,
  }) => {
    const user = await newUser(request, 'txnfail');
    // The network drops the first read of the list.
    await page.route('**/api/transactions?*', (route) => route.abort(), { times: 1 });
    await signIn({ loginPage, homePage }, user);
    await expect(recentTransactions.section().getByRole('alert')).toHaveText('Failed to load transactions');
    await recentTransactions.refresh();
    await expect(recentTransactions.emptyState()).toBeVisible();

    // A failed refresh keeps the list on screen and says so.
    await page.route('**/api/transactions?*', (route) => route.abort(), { times: 1 });
    await recentTransactions.refresh();
    await expect(recentTransactions.section().locator('.message-error > span')).toHaveText(
      'Failed to refresh transactions',
    );
    await expect(recentTransactions.emptyState()).toBeVisible();
  });
});
