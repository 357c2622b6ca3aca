import { LayoutPage } from '../pages/layout.page.js';
import { configuredPaperMapping, kiteUserId } from '../trading-api.js';
import { configureRdx, createSandboxMapping, linkZerodhaWithToken } from '../trading-steps.js';
import {
  accountIdFor,
  addBrokerViaApi,
  addMappingViaApi,
  addRdxConfigViaApi,
  expect,
  newUser,
  signIn,
  test,
} from '../user-api.js';
import { UserActiveStrategiesPage } from '../pages/user-strategies.page.js';

test.describe('Home - Active Strategies', () => {
  test('only active mappings are listed, with mode, window, status, why, and only the actions that can succeed', async ({
    request,
    loginPage,
    homePage,
    activeStrategies,
  }) => {
    const user = await newUser(request, 'act');
    const broker = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z'));
    const dummyAlwaysOn = await addMappingViaApi(request, user, { user_broker_id: broker.id, is_dummy: 1 });
    const liveWindowed = await addMappingViaApi(request, user, {
      user_broker_id: broker.id,
      is_dummy: 0,
      start_time: '09:30',
      end_time: '15:00',
    });
    const inactive = await addMappingViaApi(request, user, { user_broker_id: broker.id, is_active: 0 });
    await signIn({ loginPage, homePage }, user);

    await expect(activeStrategies.row(dummyAlwaysOn)).toContainText('DUMMY');
    await expect(activeStrategies.row(dummyAlwaysOn)).toContainText('Always On');
    await expect(activeStrategies.row(liveWindowed)).toContainText('LIVE');
    await expect(activeStrategies.row(liveWindowed)).toContainText('09:30 - 15:00');
    await expect(activeStrategies.row(inactive)).toHaveCount(0);
    await expect(activeStrategies.table().getByRole('columnheader', { name: 'User' })).toHaveCount(0);

    // Not configured yet: nothing but Configure can succeed, and the row says what to do.
    for (const id of [dummyAlwaysOn, liveWindowed]) {
      await expect(activeStrategies.status(id)).toHaveText('STOPPED');
      await expect(activeStrategies.statusDetail(id)).toHaveText('Stopped: configure RDX, then Start');
      await expect(activeStrategies.buttons(id)).toHaveText(['Configure']);
    }
  });

  test('a LIVE strategy whose broker account has no token says so and offers no Start', async ({
    request,
    loginPage,
    homePage,
    activeStrategies,
  }) => {
    const user = await newUser(request, 'notoken');
    const broker = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z'));
    const id = await addMappingViaApi(request, user, { user_broker_id: broker.id, is_dummy: 0 });
    await addRdxConfigViaApi(request, user, id, { offset_value: 100 });
    await signIn({ loginPage, homePage }, user);
    await expect(activeStrategies.statusDetail(id)).toHaveText(
      'Stopped: the broker account has no access token (Profile page)',
    );
    await expect(activeStrategies.buttons(id)).toHaveText(['Configure']);
  });

  test('Pause and Resume a running strategy, with the in-progress label meanwhile', async ({
    page,
    request,
    loginPage,
    homePage,
    activeStrategies,
  }) => {
    const user = await newUser(request, 'pause');
    const id = await configuredPaperMapping(request, user);
    await signIn({ loginPage, homePage }, user);
    await activeStrategies.act(id, 'Start');
    await expect(activeStrategies.status(id)).toHaveText('RUNNING');

    // Hold the pause call so the in-progress state can be seen, then let it through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/rdx/pause/*', async (route) => {
      await held;
      await route.continue();
    });
    await activeStrategies.button(id, 'Pause').click();
    await expect(activeStrategies.button(id, 'Pausing...')).toBeDisabled();
    await expect(activeStrategies.button(id, 'Realign')).toBeDisabled();
    await expect(activeStrategies.button(id, 'Exit')).toBeDisabled();
    await expect(activeStrategies.button(id, 'Configure')).toBeDisabled();
    release();

    await expect(activeStrategies.status(id)).toHaveText('PAUSED');
    await expect(activeStrategies.button(id, 'Pause')).toHaveCount(0);
    await activeStrategies.button(id, 'Resume').click();
    await expect(activeStrategies.status(id)).toHaveText('RUNNING');
    await expect(activeStrategies.button(id, 'Pause')).toBeEnabled();

    // The new status is the server's: it survives a reload.
    await page.reload();
    await expect(activeStrategies.status(id)).toHaveText('RUNNING');
  });

  test('a failed pause shows the server text in a banner that clears after 5 s or on dismiss', async ({
    page,
    context,
    request,
    loginPage,
    homePage,
    activeStrategies,
  }) => {
    await page.clock.install();
    // This tab has lost its realtime connection, so it keeps showing the strategy as running.
    await page.route('**/socket.io/**', (route) => route.abort());
    const user = await newUser(request, 'pausefail');
    const id = await configuredPaperMapping(request, user);
    await signIn({ loginPage, homePage }, user);
    await activeStrategies.act(id, 'Start');
    await expect(activeStrategies.status(id)).toHaveText('RUNNING');
    // The same trader exits it in another tab before these clicks arrive.
    const otherTab = new UserActiveStrategiesPage(await context.newPage());
    await otherTab.page.goto('/home');
    await otherTab.act(id, 'Exit', 'accept');
    await expect(otherTab.status(id)).toHaveText('STOPPED');
    await expect(activeStrategies.status(id)).toHaveText('RUNNING');

    await activeStrategies.button(id, 'Pause').click();
    await expect(activeStrategies.error()).toHaveText('Strategy is not running');
    // The refusal has the row read again: it now says what the strategy is.
    await expect(activeStrategies.status(id)).toHaveText('STOPPED');
    await page.clock.fastForward(5_000);
    await expect(activeStrategies.error()).toHaveCount(0);

    // Once more: started again (this tab reloads to see it), exited in the other tab, paused here: dismissed.
    await otherTab.act(id, 'Start');
    await page.reload();
    await expect(activeStrategies.status(id)).toHaveText('RUNNING');
    await otherTab.act(id, 'Exit', 'accept');
    await expect(otherTab.status(id)).toHaveText('STOPPED');
    await activeStrategies.button(id, 'Pause').click();
    await expect(activeStrategies.error()).toHaveText('Strategy is not running');
    await activeStrategies.dismissMessage();
    await expect(activeStrategies.error()).toHaveCount(0);
    await expect(activeStrategies.status(id)).toHaveText('STOPPED');
  });

  test('RDX configuration: loading, not found, Create, view, Edit and Cancel, Update, Delete', async ({
    page,
    request,
    loginPage,
    homePage,
    activeStrategies,
  }) => {
    const user = await newUser(request, 'rdx');
    const broker = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z'));
    const id = await addMappingViaApi(request, user, { user_broker_id: broker.id, is_dummy: 1 });
    // The modal starts in its loading state: hold every read of the config to see it. Held from before the
    // home loads: the row's RDX summary reads the same config, and the modal shares a read in flight.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/strategies/user-mappings/${id}/rdx-config`, async (route) => {
      await held;
      await route.continue();
    });
    await signIn({ loginPage, homePage }, user);
    await expect(activeStrategies.rdxData(id)).toHaveCount(0);
    let modal = await activeStrategies.configure(id);
    await expect(modal.dialog().getByText('Loading RDX configuration...')).toBeVisible();
    release();
    await expect(modal.notFound()).toBeVisible();
    await page.unroute(`**/api/strategies/user-mappings/${id}/rdx-config`);
    // SPEC: 90% wide with a 600px maximum (1280px viewport).
    expect((await modal.dialog().boundingBox())?.width).toBe(600);
    await modal.button('Create').click();
    // SPEC defaults: lot count 1, ATM 0, offset 0, interval 15m.
    await expect(modal.field('Lot Count')).toHaveValue('1');
    await expect(modal.field('ATM Value')).toHaveValue('0');
    await expect(modal.field('Offset Value')).toHaveValue('0');
    await expect(modal.field('Interval')).toHaveValue('15m');

    // ATM 0: the engine sets it at the first entry, so there are no strikes to show yet.
    await expect(modal.preview('ce')).toHaveText('set at first entry');
    await expect(modal.preview('pe')).toHaveText('set at first entry');

    await modal.fill({ lots: '0' });
    await modal.button('Create').click();
    await expect(modal.error()).toHaveText('Lot Count must be at least 1');
    // The banner goes as soon as the value that caused it is fixed.
    await modal.fill({ lots: '2' });
    await expect(modal.error()).toHaveCount(0);

    // NIFTY 50 trades near 24,000 in the sandbox: strikes inside its option chain.
    await modal.fill({ lots: '2', atm: '24000', offset: '100', interval: '5m' });
    await expect(modal.preview('ce')).toHaveText('24,100');
    await expect(modal.preview('pe')).toHaveText('23,900');
    await modal.button('Create').click();
    await expect(modal.success()).toHaveText(/RDX configuration created/);
    await expect(modal.saved('lot-count')).toHaveText('2');
    await expect(modal.saved('interval')).toHaveText('5m');
    await expect(modal.saved('ce-strike')).toHaveText('24,100');
    await expect(modal.saved('pe-strike')).toHaveText('23,900');

    // Cancel restores the saved values.
    await modal.button('Edit').click();
    await expect(modal.field('Lot Count')).toHaveValue('2');
    await modal.fill({ lots: '5', atm: '24500' });
    await modal.button('Cancel').click();
    await expect(modal.saved('lot-count')).toHaveText('2');
    await expect(modal.saved('atm-value')).toHaveText('24,000');
    await modal.button('Edit').click();
    await expect(modal.field('Lot Count')).toHaveValue('2');
    await expect(modal.field('ATM Value')).toHaveValue('24000');

    // A negative offset puts CE below and PE above the ATM.
    await modal.fill({ offset: '-50' });
    await modal.button('Update').click();
    await expect(modal.saved('offset-value')).toHaveText('-50');
    await expect(modal.saved('ce-strike')).toHaveText('23,950');
    await expect(modal.saved('pe-strike')).toHaveText('24,050');
    await modal.close();
    await expect(activeStrategies.rdxData(id).locator('span')).toHaveText([
      'Lots 2 · 5m · ATM 24,000',
      'CE 23,950 · PE 24,050',
    ]);

    modal = await activeStrategies.configure(id);
    const question = await modal.delete();
    expect(question.split('\n')).toEqual([
      'Are you sure you want to delete this RDX configuration?',
      'RDX on NIFTY 50',
      `Account: ${broker.broker_username}`,
    ]);
    await expect(modal.notFound()).toBeVisible();
    await modal.close();
    await expect(activeStrategies.rdxData(id)).toHaveCount(0);
  });

  test('deleting the RDX configuration of a running strategy shows the server text', async ({
    request,
    loginPage,
    homePage,
    activeStrategies,
  }) => {
    const user = await newUser(request, 'rdxrun');
    const broker = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z'));
    const id = await addMappingViaApi(request, user, { user_broker_id: broker.id, is_dummy: 1 });
    await signIn({ loginPage, homePage }, user);
    let modal = await activeStrategies.configure(id);
    await modal.button('Create').click();
    // Submit the form with its defaults.
    await modal.form().getByRole('button', { name: 'Create' }).click();
    await expect(modal.saved('lot-count')).toHaveText('1');
    await modal.close();
    await activeStrategies.act(id, 'Start');
    await expect(activeStrategies.status(id)).toHaveText('RUNNING');

    modal = await activeStrategies.configure(id);
    await modal.delete();
    await expect(modal.error()).toHaveText('Exit the strategy before deleting its mapping');
    await expect(modal.saved('lot-count')).toHaveText('1');
  });

  test('Start of a LIVE strategy asks first with its specifics, and says when it has started', async ({
    page,
    request,
    loginPage,
    homePage,
    brokersPage,
    mappingsPage,
    activeStrategies,
  }) => {
    const user = await newUser(request, 'livestart');
    await signIn({ loginPage, homePage }, user);
    const kiteId = kiteUserId();
    await linkZerodhaWithToken(brokersPage, homePage, kiteId);
    const id = await createSandboxMapping(homePage, mappingsPage, kiteId, 'Live');
    await configureRdx(activeStrategies, id);

    // Cancel starts nothing.
    const question = await activeStrategies.act(id, 'Start', 'dismiss');
    expect(question.split('\n')).toEqual([
      'Start this LIVE strategy?',
      'It trades on the sandbox exchange (simulated, no real money) from the next 1m candle close: it sells 50 CE and 50 PE at market when it holds nothing, and realigns as the ATM moves.',
      `Account: ${kiteId}`,
      'Instrument: SANDBOX 24x7',
      'CE: 1 × 1 lot × lot size 50 = 50',
      'PE: 1 × 1 lot × lot size 50 = 50',
      'Interval: 1m',
      'Window: Always On',
      'Limits: none',
    ]);
    await expect(activeStrategies.status(id)).toHaveText('STOPPED');

    // On a phone the question fits the screen, its button in reach.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await activeStrategies.button(id, 'Start').click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog.getByRole('button', { name: 'Start LIVE' })).toBeInViewport();
      await new LayoutPage(page).screenshot(width, 'live-start-confirm');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await activeStrategies.act(id, 'Start', 'accept');
    await expect(activeStrategies.status(id)).toHaveText('RUNNING');
    await expect(activeStrategies.message()).toHaveText(
      new RegExp(`^Started RDX on SANDBOX 24x7 \\(LIVE · ${kiteId}\\)\\. \\S`),
    );
    await new LayoutPage(page).screenshot(1280, 'live-started');
    // Left as it was found: stopped, holding nothing.
    await activeStrategies.act(id, 'Exit', 'accept');
    await expect(activeStrategies.status(id)).toHaveText('STOPPED');
  });

  test('a new trader on a phone sees running strategies first, then paused, then stopped', async ({
    page,
    request,
    loginPage,
    homePage,
    activeStrategies,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await newUser(request, 'order');
    const broker = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z'));
    // Three paper strategies, each with its own CE Count (three identical ones at once would be a double click).
    const paper = async (ceCount: number) => {
      const id = await addMappingViaApi(request, user, { user_broker_id: broker.id, is_dummy: 1, ce_count: ceCount });
      await addRdxConfigViaApi(request, user, id, { offset_value: 100 });
      return id;
    };
    const first = await paper(1);
    const second = await paper(2);
    const third = await paper(3);
    await signIn({ loginPage, homePage }, user);
    await expect.poll(() => activeStrategies.rowIds()).toEqual([first, second, third]);

    await activeStrategies.act(third, 'Start');
    await expect(activeStrategies.status(third)).toHaveText('RUNNING');
    await expect.poll(() => activeStrategies.rowIds()).toEqual([third, first, second]);
    // The running one is the first card on the phone: in view without scrolling.
    await expect(activeStrategies.status(third)).toBeInViewport();

    await activeStrategies.act(second, 'Start');
    await activeStrategies.act(second, 'Pause');
    await expect(activeStrategies.status(second)).toHaveText('PAUSED');
    await expect.poll(() => activeStrategies.rowIds()).toEqual([third, second, first]);
    // The same order after a reload: it is the screen's rule, not the order of the clicks.
    await page.reload();
    await expect.poll(() => activeStrategies.rowIds()).toEqual([third, second, first]);
    await new LayoutPage(page).screenshot(390, 'active-strategies-running-first');
  });

  test("a failed read of the strategies shows 'Failed to fetch active strategies'", async ({
    page,
    request,
    loginPage,
    homePage,
    activeStrategies,
  }) => {
    const user = await newUser(request, 'actfail');
    await page.route('**/api/strategies/user-mappings', (route) => route.abort(), { times: 1 });
    await signIn({ loginPage, homePage }, user);
    await expect(activeStrategies.error()).toHaveText('Failed to fetch active strategies');
    await activeStrategies.section().getByRole('button', { name: 'Refresh' }).click();
    await expect(activeStrategies.section().getByText('No active strategies.')).toBeVisible();
  });
});
