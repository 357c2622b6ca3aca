// The same trader in two tabs (or on two consoles of a cluster): what one tab changes, the other shows at
// once, not at its next 30 s poll. A trader found a stale row offering a Realign sized on old lots.
import { HomePage } from '../pages/home.page.js';
import { LoginPage } from '../pages/login.page.js';
import { UserActiveStrategiesPage } from '../pages/user-strategies.page.js';
import { configuredPaperMapping } from '../trading-api.js';
import { expect, newUser, signIn, test } from '../user-api.js';

/** Quicker than the list's own poll (30 s), so only the pushed change can pass. */
const AT_ONCE = { timeout: 5_000 };

test('a strategy reconfigured, then deleted in one tab changes in the other at once', async ({
  browser,
  request,
  loginPage,
  homePage,
  activeStrategies,
  mappingsPage,
}) => {
  const user = await newUser(request, 'tabs');
  const id = await configuredPaperMapping(request, user);

  const otherContext = await browser.newContext();
  try {
    const otherPage = await otherContext.newPage();
    await signIn({ loginPage: new LoginPage(otherPage), homePage: new HomePage(otherPage) }, user);
    const other = new UserActiveStrategiesPage(otherPage);
    await expect(other.rdxData(id).locator('span').first()).toContainText('Lots 1');

    await signIn({ loginPage, homePage }, user);
    const modal = await activeStrategies.configure(id);
    await modal.button('Edit').click();
    await modal.fill({ lots: '3' });
    await modal.button('Update').click();
    await expect(modal.saved('lot-count')).toHaveText('3');
    await modal.close();
    await expect(other.rdxData(id).locator('span').first()).toContainText('Lots 3', AT_ONCE);
    await otherPage.screenshot({ path: 'e2e/artifacts/screens/two-tabs-reconfigured.png' });

    // Deleted from the Mappings page of this tab: the other tab's row goes.
    await mappingsPage.open();
    await mappingsPage.delete(id);
    await expect(mappingsPage.row(id)).toHaveCount(0);
    await expect(other.row(id)).toHaveCount(0, AT_ONCE);
  } finally {
    await otherContext.close();
  }
});

test('alerts marked read in one tab leave the other tab’s bell at once', async ({
  browser,
  request,
  page,
  loginPage,
  homePage,
  profilePage,
}) => {
  const user = await newUser(request, 'bells');
  await signIn({ loginPage, homePage }, user);
  // Two alerts the trader makes from the screen: the Profile page's test alert, twice.
  await profilePage.open();
  const send = page.getByRole('button', { name: 'Send Test Alert' });
  await send.click();
  await expect(page.getByTestId('alerts-unread')).toHaveText('1');
  await send.click();
  await expect(page.getByTestId('alerts-unread')).toHaveText('2');

  const otherContext = await browser.newContext();
  try {
    const otherPage = await otherContext.newPage();
    await signIn({ loginPage: new LoginPage(otherPage), homePage: new HomePage(otherPage) }, user);
    await expect(otherPage.getByTestId('alerts-unread')).toHaveText('2');

    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByTestId('alerts-unread')).toHaveCount(0);
    // The bell's own poll is slower than this: only the pushed change can clear it.
    await expect(otherPage.getByTestId('alerts-unread')).toHaveCount(0, AT_ONCE);
    await otherPage.getByRole('button', { name: 'Notifications' }).click();
    await otherPage.screenshot({ path: 'e2e/artifacts/screens/two-tabs-alerts-read.png' });
  } finally {
    await otherContext.close();
  }
});
