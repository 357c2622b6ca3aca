// Positions per contract (issue 32 item 1): a trader's paper strategy sells both legs on the screens, and the
// Positions view lists each contract once, sold as a negative quantity as Kite shows it, with the strategy
// holding it, its figures following the prices as they tick; its button goes back to that strategy's row on Home.
import { screenshots } from '../lab-steps.js';
import { holdPaperStrangle } from '../trading-steps.js';
import { expect, newUser, signIn, test } from '../user-api.js';

test('a trader reads their open positions per contract and goes from one to the strategy holding it', async ({
  page,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
  activeStrategies,
}) => {
  const user = await newUser(request, 'bysymbol');
  await signIn({ loginPage, homePage }, user);
  const id = await holdPaperStrangle({ homePage, brokersPage, mappingsPage, activeStrategies });

  await homePage.openView('Positions');
  const table = page.getByRole('table', { name: 'Positions by contract' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    await expect(row).toContainText(/SANDBOX \d{1,2} [A-Z]{3} \d+ (CE|PE)/);
    // Sold: negative, as Kite shows a short.
    await expect(row.locator('td[data-label="Qty"]')).toHaveText(/^−[\d,]+$/);
    await expect(row.locator('td[data-label="Avg"]')).toHaveText(/₹[\d,]+\.\d{2}/);
    await expect(row.getByRole('button', { name: /\(paper\)$/ })).toBeVisible();
  }
  await screenshots(page, 'positions-by-symbol', ['Positions by contract']);

  // Live over the socket: the 24x7 index ticks every second, and the MTM follows well within the view's
  // 30-second fallback poll.
  const mtm = rows.first().locator('td[data-label="MTM"]');
  const before = await mtm.textContent();
  await expect(mtm).not.toHaveText(before ?? '', { timeout: 20_000 });

  await rows
    .first()
    .getByRole('button', { name: /\(paper\)$/ })
    .click();
  await expect(page.getByTestId(`active-strategy-${id}`)).toBeInViewport();
});
