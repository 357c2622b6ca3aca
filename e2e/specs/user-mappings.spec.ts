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

test.describe('Strategies - user strategy mappings', () => {
  test('a user creates a mapping in plain words and the form resets to paper', async ({
    request,
    loginPage,
    homePage,
    mappingsPage,
  }) => {
    const user = await newUser(request, 'map');
    const first = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'first'));
    const second = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'second'));
    await signIn({ loginPage, homePage }, user);
    await mappingsPage.open();
    await mappingsPage.expectCreateMode();
    await expect(mappingsPage.emptyState()).toBeVisible();

    await mappingsPage.create({
      broker: `Zerodha - ${second.broker_username}`,
      active: false,
      mode: 'Paper',
      ceCount: '2',
      peCount: '3',
      startTime: '09:30',
      endTime: '15:00',
    });
    await expect(mappingsPage.success()).toHaveText(/Strategy mapping created/);

    const row = mappingsPage.rowWith(second.broker_username);
    await expect(row.getByRole('cell')).toHaveText([
      'RDX',
      'NIFTY 50',
      second.broker_username,
      'Inactive',
      'DUMMY',
      '2',
      '3',
      '09:30 - 15:00',
      'STOPPED',
      'EditDelete',
    ]);

    // SPEC §4: strategy 1, instrument 1, first broker, active, empty times; paper, not SPEC's dummy 0
    // (issue 8: real money is never the default), and one CE and one PE, not SPEC's counts 0 (issue 27: a
    // strategy of 0 and 0 never trades).
    await expect(mappingsPage.field('Strategy')).toHaveValue('1');
    await expect(mappingsPage.field('Instrument')).toHaveValue('1');
    await expect(mappingsPage.field('User Broker')).toHaveValue(String(first.id));
    await expect(mappingsPage.field('Active')).toHaveValue('1');
    await expect(mappingsPage.field('Mode')).toHaveValue('1');
    await expect(mappingsPage.field('Mode').getByRole('option')).toHaveText([
      'DUMMY (paper: simulated fills, no broker orders)',
      'LIVE (orders go to the built-in sandbox exchange, not a real broker)',
    ]);
    await expect(mappingsPage.field('Active').getByRole('option')).toHaveText(['Active', 'Inactive']);
    await expect(mappingsPage.field('CE Count')).toHaveValue('1');
    await expect(mappingsPage.field('PE Count')).toHaveValue('1');
    await expect(mappingsPage.field('Start Time')).toHaveValue('');
    await expect(mappingsPage.field('End Time')).toHaveValue('');
  });

  test('the window needs both times or neither, and the end after the start', async ({
    request,
    loginPage,
    homePage,
    mappingsPage,
  }) => {
    const user = await newUser(request, 'mapwin');
    await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z'));
    await signIn({ loginPage, homePage }, user);
    await mappingsPage.open();

    await mappingsPage.create({ startTime: '09:30' });
    await expect(mappingsPage.error()).toHaveText(
      /^Please provide both Start Time and End Time, or leave both empty\.$/,
    );
    // The banner goes once the input that caused it is fixed.
    await mappingsPage.fill({ endTime: '15:00' });
    await expect(mappingsPage.error()).toHaveCount(0);
    await mappingsPage.fill({ endTime: '' });
    await mappingsPage.create({ startTime: '', endTime: '15:00' });
    await expect(mappingsPage.error()).toHaveText(
      /^Please provide both Start Time and End Time, or leave both empty\.$/,
    );

    await mappingsPage.create({ startTime: '15:00', endTime: '09:30' });
    await expect(mappingsPage.error()).toHaveText(/^End Time must be later than Start Time\.$/);

    await mappingsPage.dismissMessage();
    await mappingsPage.create({ startTime: '10:00', endTime: '10:00' });
    await expect(mappingsPage.error()).toHaveText(/^End Time must be later than Start Time\.$/);
    await expect(mappingsPage.emptyState()).toBeVisible();
  });

  test("without a broker account the form says 'Please select a user broker'", async ({
    request,
    loginPage,
    homePage,
    mappingsPage,
  }) => {
    const user = await newUser(request, 'mapnobrk');
    await signIn({ loginPage, homePage }, user);
    await mappingsPage.open();
    await expect(mappingsPage.field('User Broker')).toHaveValue('');
    await mappingsPage.create();
    await expect(mappingsPage.error()).toHaveText(/^Please select a user broker$/);
    await expect(mappingsPage.emptyState()).toBeVisible();
  });

  test('Edit switches to edit mode, Cancel returns to create mode, Update saves', async ({
    request,
    loginPage,
    homePage,
    mappingsPage,
  }) => {
    const user = await newUser(request, 'mapedit');
    const broker = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z'));
    const id = await addMappingViaApi(request, user, {
      user_broker_id: broker.id,
      is_dummy: 1,
      ce_count: 1,
      pe_count: 1,
    });
    await signIn({ loginPage, homePage }, user);
    await mappingsPage.open();

    await mappingsPage.edit(id);
    await mappingsPage.expectEditMode();
    await expect(mappingsPage.field('CE Count')).toHaveValue('1');
    await mappingsPage.fill({ ceCount: '4' });
    await mappingsPage.cancelEdit();
    await mappingsPage.expectCreateMode();
    await expect(mappingsPage.field('CE Count')).toHaveValue('1');
    await expect(mappingsPage.row(id).getByRole('cell').nth(5)).toHaveText('1');

    await mappingsPage.edit(id);
    await mappingsPage.update({ ceCount: '4', startTime: '09:20', endTime: '15:10' });
    await expect(mappingsPage.success()).toHaveText(/Strategy mapping updated/);
    await mappingsPage.expectCreateMode();
    await expect(mappingsPage.row(id).getByRole('cell').nth(5)).toHaveText('4');
    await expect(mappingsPage.row(id)).toContainText('09:20 - 15:10');

    // Edit mode checks the window too.
    await mappingsPage.edit(id);
    await mappingsPage.update({ endTime: '' });
    await expect(mappingsPage.error()).toHaveText(
      /^Please provide both Start Time and End Time, or leave both empty\.$/,
    );
    await mappingsPage.expectEditMode();
  });

  test('Delete asks first; a running strategy is refused with the server text', async ({
    activeStrategies,
    request,
    loginPage,
    homePage,
    mappingsPage,
  }) => {
    const user = await newUser(request, 'mapdel');
    const broker = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z'));
    const stopped = await addMappingViaApi(request, user, { user_broker_id: broker.id });
    const running = await addMappingViaApi(request, user, { user_broker_id: broker.id, is_dummy: 1 });
    await addRdxConfigViaApi(request, user, running);
    await signIn({ loginPage, homePage }, user);
    await activeStrategies.act(running, 'Start');
    await expect(activeStrategies.status(running)).toHaveText('RUNNING');
    await mappingsPage.open();

    await mappingsPage.delete(stopped, false);
    await expect(mappingsPage.row(stopped)).toBeVisible();

    const question = await mappingsPage.delete(stopped);
    expect(question.split('\n')).toEqual([
      'Are you sure you want to delete this strategy mapping?',
      'RDX on NIFTY 50 (LIVE)',
      `Account: ${broker.broker_username}`,
    ]);
    await expect(mappingsPage.row(stopped)).toHaveCount(0);
    await expect(mappingsPage.success()).toHaveText(/Strategy mapping deleted/);

    await mappingsPage.delete(running);
    await expect(mappingsPage.error()).toHaveText(/^Exit the strategy before deleting its mapping$/);
    await expect(mappingsPage.row(running)).toBeVisible();
  });

  test('a LIVE mapping on a broker account without a token is warned about and confirmed before it is saved', async ({
    request,
    loginPage,
    homePage,
    mappingsPage,
  }) => {
    const user = await newUser(request, 'maplive');
    const broker = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z'));
    await signIn({ loginPage, homePage }, user);
    await mappingsPage.open();
    await expect(mappingsPage.noTokenWarning()).toHaveCount(0);

    await mappingsPage.fill({ mode: 'Live' });
    await expect(mappingsPage.noTokenWarning()).toHaveText(
      'This broker account has no access token, so a LIVE strategy on it cannot trade. Generate a token on the Profile page first.',
    );

    // Cancelling the question saves nothing.
    expect(await mappingsPage.createAnswering({}, 'dismiss')).toBe(
      'This broker account has no access token, so the LIVE strategy will not trade until you generate one on the Profile page. Save it anyway?',
    );
    await expect(mappingsPage.emptyState()).toBeVisible();

    await mappingsPage.createAnswering({}, 'accept');
    await expect(mappingsPage.success()).toHaveText(/Strategy mapping created/);
    await expect(mappingsPage.rowWith(broker.broker_username)).toContainText('LIVE · SANDBOX');
    // The form is back at paper, and paper needs no token.
    await expect(mappingsPage.field('Mode')).toHaveValue('1');
    await expect(mappingsPage.noTokenWarning()).toHaveCount(0);
  });

  test('the form starts at one CE and one PE, and a strategy of 0 and 0 is refused with a clear message', async ({
    request,
    loginPage,
    homePage,
    mappingsPage,
  }) => {
    const user = await newUser(request, 'mapzero');
    const broker = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z'));
    await signIn({ loginPage, homePage }, user);
    await mappingsPage.open();
    await expect(mappingsPage.field('CE Count')).toHaveValue('1');
    await expect(mappingsPage.field('PE Count')).toHaveValue('1');

    // 0 CE and 0 PE could be started and would never sell anything: refused, and nothing is created.
    await mappingsPage.create({ ceCount: '0', peCount: '0' });
    await expect(mappingsPage.error()).toHaveText(
      'At least one of CE Count and PE Count must be 1 or more: a strategy with 0 CE and 0 PE never trades',
    );
    await expect(mappingsPage.emptyState()).toBeVisible();

    // One side alone is a strategy.
    await mappingsPage.create({ ceCount: '0', peCount: '2' });
    await expect(mappingsPage.success()).toHaveText(/Strategy mapping created/);
    const id = await mappingsPage.idOf(broker.broker_username);
    await expect(mappingsPage.row(id).getByRole('cell').nth(5)).toHaveText('0');
    await expect(mappingsPage.row(id).getByRole('cell').nth(6)).toHaveText('2');

    // Editing it down to 0 and 0 is refused the same way, and the row keeps its counts.
    await mappingsPage.edit(id);
    await mappingsPage.update({ peCount: '0' });
    await expect(mappingsPage.error()).toHaveText(/^At least one of CE Count and PE Count must be 1 or more/);
    await mappingsPage.cancelEdit();
    await expect(mappingsPage.row(id).getByRole('cell').nth(6)).toHaveText('2');
  });

  test("a failed read of the form's lists shows 'Failed to load data'", async ({
    page,
    request,
    loginPage,
    homePage,
    mappingsPage,
  }) => {
    const user = await newUser(request, 'mapfail');
    await signIn({ loginPage, homePage }, user);
    await page.route('**/api/strategies/list', (route) => route.abort());
    await mappingsPage.open();
    await expect(mappingsPage.error()).toHaveText('Failed to load data');
    await expect(mappingsPage.emptyState()).toBeVisible();
  });
});
