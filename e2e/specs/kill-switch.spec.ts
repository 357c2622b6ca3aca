import type { APIRequestContext } from '@playwright/test';
import { ADMIN, adminToken } from '../fixtures.js';
import { KillSwitchBannerPage, KillSwitchPage } from '../pages/kill-switch.page.js';
import { UserActiveStrategiesPage } from '../pages/user-strategies.page.js';
import { sandboxInstrumentId } from '../trading-api.js';
import {
  addBrokerViaApi,
  addMappingViaApi,
  addRdxConfigViaApi,
  apiAs,
  expect,
  newUser,
  openAdminConsole,
  signIn,
  test,
  type TestUser,
} from '../user-api.js';

/*
 * The admin's kill switch (issue 13): engaged through the rdx tab after a confirm, it stops every running
 * strategy with the reason on the row, every user sees the banner, and Start is refused until released.
 * The switch is one state for the whole console, so the spec releases it however it ends.
 */

async function runningPaperMapping(request: APIRequestContext, user: TestUser) {
  const broker = await addBrokerViaApi(request, user, 'Zerodha', `${user.username}_z`);
  const id = await addMappingViaApi(request, user, {
    user_broker_id: broker.id,
    instrument_id: await sandboxInstrumentId(request, user),
    is_dummy: 1,
    ce_count: 1,
    pe_count: 1,
  });
  await addRdxConfigViaApi(request, user, id, { offset_value: 100 });
  await apiAs(request, user.token, 'PUT', `/strategies/user-mappings/${id}/toggle-status`, { running_status: 1 });
  return id;
}

test.describe('Kill switch', () => {
  test('an admin engages it on the rdx tab; the user sees the banner, the row stopped by it, and Start refused', async ({
    browser,
    request,
    page,
    loginPage,
    homePage,
  }) => {
    const user = await newUser(request, 'kill');
    const id = await runningPaperMapping(request, user);
    const adminConsole = await openAdminConsole(browser);
    const killSwitch = new KillSwitchPage(adminConsole.page);
    try {
      await adminConsole.admin.openTab('rdx');
      // Dismissing the confirm engages nothing; the confirm names what engaging would close.
      const asked = await killSwitch.engage(false);
      expect(asked).toMatch(/^Engage the kill switch\? This stops \d+ strateg(y|ies) .* closes \d+ open legs?/);
      await expect(killSwitch.state()).toContainText('Released');

      await killSwitch.engage();
      await killSwitch.expectEngaged(ADMIN.username);

      await signIn({ loginPage, homePage }, user);
      const home = new KillSwitchBannerPage(page);
      const rows = new UserActiveStrategiesPage(page);
      await expect(home.banner()).toContainText('Kill switch engaged');
      await expect(rows.statusDetail(id)).toContainText('Stopped by the kill switch at');
      await expect(rows.button(id, 'Start')).toHaveCount(0);

      // Start through the API is refused with the reason while engaged.
      const res = await request.fetch(`/api/strategies/user-mappings/${id}/toggle-status`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${user.token}` },
        data: { running_status: 1 },
      });
      expect(res.status()).toBe(409);
      expect(await res.text()).toContain('The kill switch is engaged');
    } finally {
      await apiAs(request, await adminToken(request), 'POST', '/risk/kill-switch', { engaged: false });
      await adminConsole.close();
    }
    // Releasing restarts nothing: the row stays stopped, and Start is offered again.
    await page.reload();
    await expect(new KillSwitchBannerPage(page).banner()).toHaveCount(0);
    const rows = new UserActiveStrategiesPage(page);
    await expect(rows.button(id, 'Start')).toBeVisible();
  });
});
