import { ADMIN, adminToken } from '../fixtures.js';
import { KillSwitchBannerPage, KillSwitchPage } from '../pages/kill-switch.page.js';
import { LayoutPage } from '../pages/layout.page.js';
import { kiteUserId } from '../trading-api.js';
import { configureRdx, createSandboxMapping } from '../trading-steps.js';
import { apiAs, expect, newUser, openAdminConsole, signIn, test } from '../user-api.js';

/*
 * The admin's kill switch (issue 13): a trader holds a paper strangle made through the screens; the admin
 * engages the switch on the rdx tab after a confirm; the trader's open screen shows the banner, the row
 * stopped by it and both legs bought back, and Start is refused until the admin releases it. Only the
 * user is seeded through the API. The switch is one state for the whole console, so the spec releases it
 * however it ends.
 */
test.describe('Kill switch', () => {
  test('an admin engages it on the rdx tab; the trader sees the banner, the legs closed, and Start refused', async ({
    browser,
    request,
    page,
    loginPage,
    homePage,
    brokersPage,
    mappingsPage,
    activeStrategies,
    recentTransactions,
  }) => {
    const user = await newUser(request, 'kill');
    const adminConsole = await openAdminConsole(browser);
    const killSwitch = new KillSwitchPage(adminConsole.page);
    try {
      await adminConsole.admin.setRdxService(true);

      // The trader's strategy, made and started from the screen, holding a paper strangle.
      await signIn({ loginPage, homePage }, user);
      const brokerUsername = kiteUserId();
      await brokersPage.open();
      await brokersPage.add({ broker: 'Zerodha', username: brokerUsername });
      await homePage.backToHome();
      const id = await createSandboxMapping(homePage, mappingsPage, brokerUsername, 'Paper');
      await configureRdx(activeStrategies, id);
      await activeStrategies.act(id, 'Start');
      await activeStrategies.act(id, 'Realign'); // paper sells at once
      await expect(activeStrategies.statusDetail(id)).toHaveText(/^Holding 2 legs around ATM/);

      // A double click asks once; dismissing the confirm engages nothing; it names what engaging would close.
      await adminConsole.admin.openTab('rdx');
      const asked = await killSwitch.engageByDoubleClick(false);
      expect(asked).toMatch(/^Engage the kill switch\?\nThis stops \d+ strateg(y|ies) .* closes \d+ open legs?/);
      await expect(killSwitch.state()).toContainText('Released');

      await killSwitch.engage();
      await killSwitch.expectEngaged(ADMIN.username);
      // Wherever the admin goes next, the switch says it is on and where it is released.
      await adminConsole.admin.openTab('strategies');
      await expect(adminConsole.page.getByTestId('kill-switch-banner')).toContainText(
        `Kill switch engaged by ${ADMIN.username} at`,
      );
      await expect(adminConsole.page.getByTestId('kill-switch-banner')).toContainText('released on the RDX tab');
      await adminConsole.admin.openTab('rdx');

      // The trader's open screen follows by itself: banner, stopped row, both legs bought back.
      const home = new KillSwitchBannerPage(page);
      await expect(home.banner()).toContainText('Kill switch engaged');
      await expect(activeStrategies.status(id)).toHaveText('STOPPED');
      await expect(activeStrategies.statusDetail(id)).toContainText('Stopped by the kill switch at');
      const rows = recentTransactions.section().getByRole('row');
      await expect(rows.filter({ hasText: 'BUY' }).filter({ hasText: 'DUMMY' })).toHaveCount(2);
      await expect(activeStrategies.button(id, 'Start')).toHaveCount(0);
      await new LayoutPage(page).screenshot(page.viewportSize()?.width ?? 1280, 'kill-switch-engaged-home');
      await new LayoutPage(adminConsole.page).screenshot(
        adminConsole.page.viewportSize()?.width ?? 1280,
        'kill-switch-engaged-rdx',
      );

      // The screen offers no Start; the API refuses one with the reason while engaged.
      const res = await request.fetch(`/api/strategies/user-mappings/${id}/toggle-status`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${user.token}` },
        data: { running_status: 1 },
      });
      expect(res.status()).toBe(409);
      expect(await res.text()).toContain('The kill switch is engaged');

      await killSwitch.release();
      await expect(killSwitch.state()).toContainText('Released');

      // Releasing restarts nothing: the row stays stopped, and Start is offered again.
      await page.reload();
      await expect(home.banner()).toHaveCount(0);
      await expect(activeStrategies.status(id)).toHaveText('STOPPED');
      await expect(activeStrategies.button(id, 'Start')).toBeVisible();
    } finally {
      // Cleanup only: a failure above must not leave the switch engaged for the specs after this one.
      await apiAs(request, await adminToken(request), 'POST', '/risk/kill-switch', { engaged: false });
      await adminConsole.close();
    }
  });
});
