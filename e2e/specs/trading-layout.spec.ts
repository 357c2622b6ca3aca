// The trading screens in the states a trader meets them - a running strategy with its reason and
// actions, the LIVE no-token warning, the token panel open, the password forms - on a phone (390×844) and a desktop (1440×900): no horizontal page scroll, and the Status
// and row actions on screen. Full-page screenshots go to e2e/artifacts/screens/<width>/trading-*.png.
// (The stopped-service banner is photographed by trading.spec.ts, the one spec that stops the service.)
import type { Locator, Page } from '@playwright/test';
import { LayoutPage } from '../pages/layout.page.js';
import { kiteUserId, SANDBOX_OPTION } from '../trading-api.js';
import { ADMIN } from '../fixtures.js';
import { expect, newUser, signIn, test } from '../user-api.js';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

async function checkScreen(page: Page, width: number, screen: string) {
  const layout = new LayoutPage(page);
  await layout.settled();
  await layout.screenshot(width, `trading-${screen}`);
  const overflow = await layout.horizontalOverflow();
  expect
    .soft(overflow, `${screen} at ${width} px overflows: ${(await layout.overflowingElements()).join(', ')}`)
    .toBeLessThanOrEqual(0);
}

/** The element lies inside the window horizontally (reachable without scrolling sideways). */
async function expectOnScreen(locator: Locator, width: number) {
  const box = await locator.boundingBox();
  expect(box, 'element is rendered').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

for (const viewport of VIEWPORTS) {
  const { width } = viewport;

  test.describe(`trading screens at ${width} px`, () => {
    test.use({ viewport });

    test('home with a running strategy, strategies with the no-token warning, profile with the token panel', async ({
      page,
      request,
      loginPage,
      homePage,
      brokersPage,
      mappingsPage,
      activeStrategies,
      recentTransactions,
    }) => {
      const user = await newUser(request, 'screens');
      await signIn({ loginPage, homePage }, user);
      const brokerUsername = kiteUserId();
      await brokersPage.open();
      await brokersPage.add({ broker: 'Zerodha', username: brokerUsername });
      await brokersPage.openTokenPanel(brokerUsername);
      await checkScreen(page, width, 'profile');
      await expectOnScreen(brokersPage.tokenPanel(brokerUsername).getByLabel('App Code'), width);
      await brokersPage.tokenPanel(brokerUsername).getByRole('button', { name: 'Cancel' }).click();
      await homePage.backToHome();

      await homePage.openView('Strategies');
      await mappingsPage.create({
        instrument: SANDBOX_OPTION,
        broker: `Zerodha - ${brokerUsername}`,
        ceCount: '1',
        peCount: '1',
      });
      await expect(mappingsPage.success()).toHaveText(/Strategy mapping created/);
      const id = await mappingsPage.idOf(brokerUsername);
      await mappingsPage.fill({ mode: 'Live' });
      await expect(mappingsPage.noTokenWarning()).toBeVisible();
      await checkScreen(page, width, 'strategies');
      await homePage.backToHome();

      const modal = await activeStrategies.configure(id);
      await modal.button('Create').click();
      await modal.fill({ offset: '100', interval: '1m' });
      await checkScreen(page, width, 'rdx-modal');
      await modal.form().getByRole('button', { name: 'Create' }).click();
      await expect(modal.saved('interval')).toHaveText('1m');
      await modal.close();
      await activeStrategies.act(id, 'Start');
      await activeStrategies.act(id, 'Realign');
      await expect(recentTransactions.section().getByRole('row').filter({ hasText: 'SELL' })).toHaveCount(2);
      // Depending on whether another spec left the RDX service on, the row holds legs or says it is off.
      await expect(activeStrategies.statusDetail(id)).toHaveText(/^(Holding 2 legs|RDX service is stopped)/);
      await checkScreen(page, width, 'home');
      // Status, its reason and the row's actions can be reached without scrolling sideways.
      await expectOnScreen(activeStrategies.status(id), width);
      await expectOnScreen(activeStrategies.statusDetail(id), width);
      await expectOnScreen(activeStrategies.button(id, 'Exit'), width);
    });

    test('the admin users tab with the reset-password panel open', async ({ page, request, loginPage, adminPage }) => {
      const user = await newUser(request, 'screensadm');
      await loginPage.open();
      await loginPage.login(ADMIN.username, ADMIN.password);
      await adminPage.expectLoaded(ADMIN.username);
      await adminPage.openTab('users');
      await adminPage.userRow(user.username).getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByRole('form', { name: `Reset password for ${user.username}` })).toBeVisible();
      await checkScreen(page, width, 'admin-users');
    });
  });
}
