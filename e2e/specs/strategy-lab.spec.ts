// The Strategy Lab (issue 30), through the screens only (the user is seeded through the API): an admin fetches a
// day of SANDBOX 24x7's 1-minute candles on Market Data; the trader backtests RDX over today on them with modelled
// option prices, reads the result (summary, curve, days, trades) and downloads its fills as CSV, runs it again
// with a wider offset, compares the two, and turns the first one's settings into a paper strategy, which then
// shows among their strategies.
import { readFile } from 'node:fs/promises';
import { istToday, fetchTodaysSandboxCandles, SANDBOX_OPTION, screenshots, VIEWPORTS } from '../lab-steps.js';
import { RUPEE_FIGURE } from '../pages/positions.page.js';
import { StrategyLabPage } from '../pages/strategy-lab.page.js';
import { accountIdFor, expect, newUser, signIn, test } from '../user-api.js';

test('a trader backtests RDX over today, compares two offsets and makes a paper strategy of one', async ({
  page,
  browser,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
  activeStrategies,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(VIEWPORTS[0]!);
  const today = istToday();

  // The history a backtest replays: today's 1-minute candles of SANDBOX 24x7, fetched by an admin.
  await fetchTodaysSandboxCandles(browser);

  const user = await newUser(request, 'lab');
  await signIn({ loginPage, homePage }, user);
  const lab = new StrategyLabPage(page);
  await lab.open();

  // A range the console holds no candles of is refused before anything runs, in the form's words, at its field.
  await lab.run({ instrument: SANDBOX_OPTION, from: '2020-01-06', to: '2020-01-07', label: 'Nothing there' });
  await expect(lab.refusal()).toHaveText(/^From: the console holds no candles of SANDBOX 24x7 in this range/);
  await expect(lab.field('From')).toHaveAttribute('aria-invalid', 'true');
  await expect(lab.row('Nothing there')).toHaveCount(0);

  // The first run: today, 1 lot, offset 100 on 1-minute candles, options priced by the model.
  await lab.run({
    lots: '1',
    offset: '100',
    interval: '1m',
    from: today,
    to: today,
    prices: 'Model',
    fills: "Candle's close",
    label: 'Offset 100',
  });
  await expect(lab.refusal()).toHaveCount(0);
  // Nothing reads the list on a timer: the row reaches Done by the backtest_progress events alone.
  await lab.expectDone('Offset 100');
  await expect(lab.row('Offset 100').getByTestId('backtest-net')).toHaveText(RUPEE_FIGURE);

  // It opened below the list: its figures, what it assumed, the curve with its drawdown, the days and every trade.
  await expect(lab.detail().getByRole('heading', { name: 'Offset 100' })).toBeVisible();
  await expect(lab.figure('Net P&L')).toHaveText(RUPEE_FIGURE);
  await expect(lab.figure('Realized')).toHaveText(RUPEE_FIGURE);
  await expect(lab.figure('Charges')).not.toHaveText('₹0.00');
  await expect(lab.figure('Days')).toHaveText('1');
  await expect(lab.figure('Win rate')).toHaveText(/^(\d+%|-)$/);
  await expect(lab.detail().getByTestId('backtest-assumed')).toHaveText(
    /^Assumed: options priced by Black–Scholes from the index at 14% implied volatility; orders fill at the option's price at the candle's close; no slippage added\. A model has one flat volatility/,
  );
  await expect(lab.detail().getByTestId('backtest-settings')).toContainText('1 lot · offset ₹100.00 · 1m candles');
  await expect(lab.chartCanvas(lab.detail())).toBeVisible();
  await expect(lab.detail().getByTestId('equity-caption')).toContainText('with its drawdown below');
  await expect(lab.days()).toHaveCount(1);
  const trades = Number(await lab.figure('Trades').textContent());
  expect(trades).toBeGreaterThanOrEqual(2);
  // One lot is one order a leg, each filled at the model's one price: at most an order a trade (a settlement is
  // none), and too few a minute for the broker's order rate to hold any back.
  await expect(lab.figure('Orders')).toHaveText(/^\d+$/);
  expect(Number(await lab.figure('Orders').textContent())).toBeLessThanOrEqual(trades);
  await expect(lab.trades()).toHaveCount(Math.min(trades, 50));
  // The entry sells a CE and a PE of the sandbox's own options, at IST times.
  const first = lab.trades().first().getByRole('cell');
  await expect(first.nth(0)).toHaveText(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} IST$/);
  await expect(first.nth(1)).toHaveText(/^SANDBOX \d{1,2} [A-Z]{3} \d+ (CE|PE)$/);
  await expect(first.nth(2)).toHaveText('SELL');
  await expect(first.nth(6)).toHaveText('Entry');
  await screenshots(page, 'strategy-lab-run', ['Day by day', 'Backtest trades']);

  // Download CSV saves every fill of the run (not just the table's page): one record per trade, the first the entry.
  const { filename, text } = await lab.downloadCsv();
  expect(filename).toBe(`backtest-${new URL(page.url()).searchParams.get('run')}.csv`);
  const records = text.split('\r\n');
  expect(records.pop()).toBe('');
  expect(records[0]).toBe('time,trading_symbol,side,quantity,price,charges,reason');
  expect(records).toHaveLength(trades + 1);
  await expect(lab.detail().getByRole('heading', { name: `Trades (${records.length - 1})` })).toBeVisible();
  const [, symbol, side, quantity, price, , reason] = records[1]!.split(',');
  // The table names the contract as Kite does, its trading symbol (the CSV's) on hover.
  await expect(first.nth(1).locator('[title]')).toHaveAttribute('title', symbol!);
  expect([side, reason]).toEqual(['SELL', 'entry']);
  // Signed as in transactions (a sell positive), rupees with two decimals.
  expect(Number(quantity)).toBeGreaterThan(0);
  expect(price).toMatch(/^\d+\.\d{2}$/);

  // A second run with a wider offset, from the first one's settings.
  await lab.detail().getByRole('button', { name: 'Try changes' }).click();
  await expect(lab.field('Offset Value')).toHaveValue('100');
  await lab.run({ offset: '300', label: 'Offset 300' });
  await lab.expectDone('Offset 300');
  await expect(lab.detail().getByTestId('backtest-settings')).toContainText('offset ₹300.00');
  // Newest first.
  await expect(lab.runsTable().locator('tbody > tr').first()).toContainText('Offset 300');

  // Side by side: their settings and results, and both curves on one chart.
  await lab.compareRuns('Offset 100', 'Offset 300');
  await expect(lab.compareRow('Settings').nth(0)).toHaveText('1 lot · offset ₹100.00 · 1m candles');
  await expect(lab.compareRow('Settings').nth(1)).toHaveText('1 lot · offset ₹300.00 · 1m candles');
  await expect(lab.compareRow('Option prices').nth(0)).toHaveText('Model (14% IV)');
  await expect(lab.compareRow('Net P&L').nth(0)).toHaveText(RUPEE_FIGURE);
  await expect(lab.compareRow('Net P&L').nth(1)).toHaveText(RUPEE_FIGURE);
  await expect(lab.chartCanvas(lab.compare())).toBeVisible();
  await expect(lab.compare().getByTestId('compare-legend')).toContainText('A: Offset 100');
  await screenshots(page, 'strategy-lab-compare', ['Backtests compared']);

  // Deleting a run asks first, naming it; Cancel keeps it.
  expect(await lab.delete('Offset 300', 'dismiss')).toContain('Delete this backtest?');
  await expect(lab.row('Offset 300')).toHaveCount(1);

  // Use these settings needs a broker account to trade through, even on paper: the dialog says so.
  await lab.view('Offset 100');
  await lab.detail().getByRole('button', { name: 'Use these settings' }).click();
  await expect(lab.useSettingsDialog()).toContainText('add one on your Profile first');
  await expect(lab.useSettingsDialog().getByRole('button', { name: 'Create paper strategy' })).toBeDisabled();
  await lab.useSettingsDialog().getByRole('button', { name: 'Cancel' }).click();

  const account = accountIdFor(user, 'LAB');
  await page.getByRole('button', { name: 'Back to Home' }).click();
  await brokersPage.open();
  await brokersPage.add({ broker: 'Zerodha', username: account });
  await expect(brokersPage.row(account)).toBeVisible();
  await homePage.backToHome();
  await lab.open();
  await lab.view('Offset 100');

  // Now it names what it creates, and creates it.
  await lab.detail().getByRole('button', { name: 'Use these settings' }).click();
  const dialog = lab.useSettingsDialog();
  await expect(dialog.getByRole('listitem')).toHaveText([
    'RDX on SANDBOX 24x7, 1 CE and 1 PE',
    'Mode: DUMMY (paper: simulated fills, no broker orders)',
    `Account: Zerodha - ${account}`,
    'Lot Count 1, Offset Value ₹100.00, ATM set at first entry, Interval 1m',
    'It starts stopped: press Start on Home when it should trade.',
  ]);
  await screenshots(page, 'strategy-lab-use-settings');
  await dialog.getByRole('button', { name: 'Create paper strategy' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(lab.message()).toHaveText(/^Paper strategy #\d+ created from Offset 100/);
  const id = Number(/#(\d+)/.exec((await lab.message().textContent()) ?? '')?.[1]);

  // The removal of the second run goes through now.
  expect(await lab.delete('Offset 300')).toContain('Offset 300');
  await expect(lab.row('Offset 300')).toHaveCount(0);

  // Issue 31 item 9: the algo registration pack a broker asks for, with this trader's latest backtest in it.
  const pack = page.getByRole('region', { name: 'Algo registration pack (RDX)' });
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    pack.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe('rdx-v1-registration.pdf');
  const [md] = await Promise.all([
    page.waitForEvent('download'),
    pack.getByRole('button', { name: 'Download Markdown' }).click(),
  ]);
  const packText = await readFile(await md.path(), 'utf8');
  expect(packText).toContain('# RDX (rules v1, algo ID RDX-1): algo registration pack');
  expect(packText).toMatch(/## Evidence: latest backtest\n\n- Run #\d+: SANDBOX 24x7/);

  // The new strategy is on the trader's lists: paper, stopped, with the run's RDX settings.
  await page.getByRole('button', { name: 'Back to Home' }).click();
  await expect(activeStrategies.row(id)).toContainText('SANDBOX 24x7');
  await expect(activeStrategies.row(id)).toContainText('DUMMY');
  await expect(activeStrategies.status(id)).toHaveText('STOPPED');
  await expect(activeStrategies.rdxData(id)).toContainText('Lots 1 · 1m');
  const modal = await activeStrategies.configure(id);
  await expect(modal.saved('offset-value')).toHaveText('100');
  await expect(modal.saved('lot-count')).toHaveText('1');
  await expect(modal.saved('interval')).toHaveText('1m');
  await modal.close();
  await mappingsPage.open();
  await expect(mappingsPage.row(id)).toContainText('SANDBOX 24x7');
  await expect(mappingsPage.row(id)).toContainText(account);
});
