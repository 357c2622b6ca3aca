// Layout on a phone (390×844) and a desktop (1440×900): every screen fits the window without a
// horizontal page scroll (tables scroll inside their card), and a full-page screenshot of each is
// kept in e2e/artifacts/screens/<width>/ for a person to look at.
import type { Page } from '@playwright/test';
import { ADMIN } from '../fixtures.js';
import { AdminDataPage } from '../pages/admin-data.page.js';
import { LayoutPage } from '../pages/layout.page.js';
import { addBrokerViaApi, addMappingViaApi, apiAs, expect, newUser, signIn, test, type TestUser } from '../user-api.js';

const ADMIN_TABS = [
  'strategies',
  'scheduling',
  'data',
  'rdx',
  'brokers',
  'users',
  'instruments',
  'holidays',
  'audit',
] as const;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

/** A user whose screens have rows: a Zerodha account with a token and a configured RDX mapping on NIFTY 50. */
async function seedTrader(request: Parameters<typeof newUser>[0]): Promise<TestUser> {
  const user = await newUser(request, 'layout');
  const broker = await addBrokerViaApi(request, user, 'Zerodha', 'AB1234', 'sandbox-access-token');
  const mappingId = await addMappingViaApi(request, user, { user_broker_id: broker.id, ce_count: 2, pe_count: 2 });
  await apiAs(request, user.token, 'POST', `/strategies/user-mappings/${mappingId}/rdx-config`, {
    // ATM 0 is set from the market on the first candle; offset 0 stays inside any option chain.
    rdx_lot_count: 1,
    atm_value: 0,
    offset_value: 0,
    interval: '15m',
  });
  return user;
}

/** Checks the current screen fits the window and saves its screenshot. */
async function checkScreen(page: Page, width: number, screen: string) {
  const layout = new LayoutPage(page);
  await layout.settled();
  await layout.screenshot(width, screen);
  const overflow = await layout.horizontalOverflow();
  expect
    .soft(
      overflow,
      `${screen} at ${width} px is wider than the window by: ${(await layout.overflowingElements()).join(', ')}`,
    )
    .toBeLessThanOrEqual(0);
}

/**
 * The data tab at its widest: a fetch result and a candle chart. (Live configs are global and other
 * specs count them, so this spec leaves them alone, and it charts a series no other spec fetches.)
 */
async function showFetchAndChart(page: Page) {
  const data = new AdminDataPage(page);
  await data.choose({ source: 'kite', instrumentToken: '99000073', interval: '15m' });
  await data.fetchData();
  await expect(data.success(/Successfully fetched/)).toBeVisible();
  await expect(data.chart().locator('canvas').first()).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  const { width } = viewport;

  test.describe(`layout at ${width} px`, () => {
    test.use({ viewport });

    test('the login screen fits', async ({ page, loginPage }) => {
      await loginPage.open();
      await checkScreen(page, width, 'login');
    });

    test("a trader's home, strategies and profile fit", async ({ page, request, loginPage, homePage }) => {
      const user = await seedTrader(request);
      await signIn({ loginPage, homePage }, user);
      await expect(page.getByRole('table', { name: 'Active Strategies' })).toBeVisible();
      await checkScreen(page, width, 'user-home');

      // The alerts panel opens readable and inside the window (it once opened 44 px wide, as wide as the bell).
      await page.getByRole('button', { name: 'Notifications' }).click();
      const panel = page.getByRole('region', { name: 'Alerts' });
      // Its seeded token is made up, so Kite (the sandbox) may already have refused it and said so here.
      await expect(panel.getByRole('heading', { name: 'Alerts' })).toBeVisible();
      await expect(panel.getByText(/^Loading/)).toHaveCount(0);
      const box = await panel.boundingBox();
      expect(box?.width, 'the alerts panel width').toBeGreaterThanOrEqual(Math.min(360, width - 24));
      expect(box && box.x, 'the alerts panel left edge').toBeGreaterThanOrEqual(0);
      expect(box && box.x + box.width, 'the alerts panel right edge').toBeLessThanOrEqual(width);
      await checkScreen(page, width, 'user-alerts');
      await page.getByRole('button', { name: 'Notifications' }).click();

      await homePage.openView('Strategies');
      await expect(page.getByRole('table', { name: 'Existing Strategy Mappings' })).toBeVisible();
      await checkScreen(page, width, 'user-strategies');

      await homePage.backToHome();
      await homePage.openView('Profile');
      await expect(page.getByRole('table', { name: 'Broker configurations' })).toBeVisible();
      await checkScreen(page, width, 'user-profile');
    });

    test('every admin tab fits, and the tab bar stays inside the window', async ({
      page,
      request,
      loginPage,
      adminPage,
    }) => {
      await seedTrader(request);
      await loginPage.open();
      await loginPage.login(ADMIN.username, ADMIN.password);
      await adminPage.expectLoaded(ADMIN.username);
      for (const tab of ADMIN_TABS) {
        const tabButton = page.getByRole('tab', { name: tab });
        const box = await tabButton.boundingBox();
        expect.soft(box && box.x + box.width, `the ${tab} tab is on screen`).toBeLessThanOrEqual(width);
        await adminPage.openTab(tab);
        await expect(tabButton).toHaveAttribute('aria-selected', 'true');
        if (tab === 'data') await showFetchAndChart(page);
        await checkScreen(page, width, `admin-${tab}`);
      }
    });
  });
}
