// Every table's row actions can be reached without scrolling sideways, on a phone (390), a tablet (768) and
// a common laptop (1366): a wide table scrolls inside its box and its actions column stays pinned to the
// box's edge (on a phone the buttons stack). The admin's tables come seeded (instruments, NSE holidays,
// users); the trader makes a broker account and a strategy through the screens. Screenshots go to
// e2e/artifacts/screens/<width>/row-actions-*.png.
import { ADMIN } from '../fixtures.js';
import { LayoutPage } from '../pages/layout.page.js';
import { kiteUserId, SANDBOX_OPTION } from '../trading-api.js';
import { expect, newUser, signIn, test } from '../user-api.js';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
];

for (const viewport of VIEWPORTS) {
  const { width } = viewport;

  test.describe(`row actions at ${width} px`, () => {
    test.use({ viewport });

    test('the admin reaches Edit and Delete on users, instruments and holidays', async ({
      page,
      request,
      loginPage,
      adminPage,
    }) => {
      await newUser(request, 'rows');
      await loginPage.open();
      await loginPage.login(ADMIN.username, ADMIN.password);
      await adminPage.expectLoaded(ADMIN.username);
      const layout = new LayoutPage(page);
      for (const [tab, table] of [
        ['users', 'Users'],
        ['instruments', 'Instruments'],
        ['holidays', 'Market holidays'],
      ] as const) {
        await adminPage.openTab(tab);
        await expect(page.getByRole('table', { name: table }).getByRole('row').nth(1)).toBeVisible();
        await layout.settled();
        await layout.screenshot(width, `row-actions-admin-${tab}`);
        expect(await layout.unreachableRowActions(), `${tab} at ${width} px`).toEqual([]);
      }
    });

    test("the trader reaches their broker account's and strategy's actions", async ({
      page,
      request,
      loginPage,
      homePage,
      brokersPage,
      mappingsPage,
    }) => {
      const user = await newUser(request, 'rowsu');
      await signIn({ loginPage, homePage }, user);
      const brokerUsername = kiteUserId();
      await brokersPage.open();
      await brokersPage.add({ broker: 'Zerodha', username: brokerUsername });
      const layout = new LayoutPage(page);
      await layout.settled();
      await layout.screenshot(width, 'row-actions-profile');
      expect(await layout.unreachableRowActions(), `profile at ${width} px`).toEqual([]);
      await homePage.backToHome();
      await homePage.openView('Strategies');
      await mappingsPage.create({
        instrument: SANDBOX_OPTION,
        broker: `Zerodha - ${brokerUsername}`,
        ceCount: '1',
        peCount: '1',
      });
      await expect(mappingsPage.success()).toHaveText(/Strategy mapping created/);
      await layout.settled();
      await layout.screenshot(width, 'row-actions-strategies');
      expect(await layout.unreachableRowActions(), `strategies at ${width} px`).toEqual([]);
    });
  });
}
