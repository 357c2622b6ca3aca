// The Strategy Lab's sweeps (issue 30 item 8), through the screens only (the user is seeded through the API): an
// admin fetches today's 1-minute candles of SANDBOX 24x7; the trader sweeps RDX's offset (3 values) × interval (2)
// over today with modelled option prices, is refused first in the form's and the API's words, sees the six runs
// finish, reads them best first and as a heat map, opens the best one, and reopens the sweep from their sweeps.
import type { Locator } from '@playwright/test';
import { fetchTodaysSandboxCandles, istToday, SANDBOX_OPTION, screenshots, VIEWPORTS } from '../lab-steps.js';
import { RUPEE_FIGURE } from '../pages/positions.page.js';
import { StrategyLabPage } from '../pages/strategy-lab.page.js';
import { expect, newUser, signIn, test } from '../user-api.js';

/** "+₹1,290.25" / "−₹853.80" as a number of rupees. */
const rupees = (text: string) => Number(text.replace('−', '-').replace(/[+₹,]/g, ''));

/** Whether a box scrolls sideways (its content wider than it). */
const scrollsSideways = (box: Locator) => box.evaluate((el) => el.scrollWidth > el.clientWidth + 1);

/** Whether every row's net P&L shows whole beside the pinned View, before anything is scrolled. */
const netBesideView = (table: Locator) =>
  table.evaluate((t) =>
    Array.from(t.querySelectorAll('tbody > tr')).every((row) => {
      const net = row.querySelector('[data-testid="sweep-run-net"] > span')?.getBoundingClientRect();
      const view = row.querySelector('td:last-child')?.getBoundingClientRect();
      return net !== undefined && view !== undefined && net.right <= view.left + 0.5;
    }),
  );

test('a trader sweeps RDX offset × interval over today, reads it best first and as a heat map, and opens the best run', async ({
  page,
  browser,
  request,
  loginPage,
  homePage,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(VIEWPORTS[0]!);
  const today = istToday();
  await fetchTodaysSandboxCandles(browser);

  const user = await newUser(request, 'sweep');
  await signIn({ loginPage, homePage }, user);
  const lab = new StrategyLabPage(page);
  await lab.open();
  await expect(lab.sweepsTable()).toHaveCount(0);

  // The same form, as a sweep: nothing is varied yet, and Run says so.
  await lab.mode('Sweep');
  await expect(lab.form().getByRole('heading', { name: 'New sweep' })).toBeVisible();
  await expect(lab.sweepCount()).toHaveText('Tick a setting to vary (two at most).');
  await lab.runSweep({ instrument: SANDBOX_OPTION });
  await expect(lab.refusal()).toHaveText('Tick a setting to vary: Offset Value, Lot Count or Interval');

  // Two settings at most; each list starts from the single field's value (offset 0, 15-minute candles).
  await lab.fillSweep({ vary: ['Offset Value', 'Interval'] });
  await expect(lab.refusal()).toHaveCount(0);
  await expect(lab.varyBox('Lot Count')).toBeDisabled();
  await expect(lab.field('Offset Values')).toHaveValue('0');
  await expect(lab.intervalBox('15m')).toBeChecked();
  await expect(lab.sweepCount()).toHaveText('1 backtest (1 Offset Value × 1 Interval)');

  // The count follows the lists as they are typed, before Run.
  await lab.fillSweep({ offsets: '0, 100, 200, 60000', intervals: ['1m', '5m'] });
  await expect(lab.sweepCount()).toHaveText('8 backtests (4 Offset Values × 2 Intervals)');
  // A value the setting refuses is refused at its list, in the words the server would use.
  await lab.runSweep();
  await expect(lab.refusal()).toHaveText('Offset Value must be between -50,000 and 50,000 (not 60000)');
  await expect(lab.field('Offset Values')).toHaveAttribute('aria-invalid', 'true');

  // A range the console holds no candles of is refused by the API, in its words, at its field.
  await lab.runSweep({ offsets: '0, 100, 200', from: '2020-01-06', to: '2020-01-07' });
  await expect(lab.refusal()).toHaveText(/^From: the console holds no candles of SANDBOX 24x7 in this range/);
  await expect(lab.field('From')).toHaveAttribute('aria-invalid', 'true');
  await expect(lab.sweepsTable()).toHaveCount(0);

  // Today, 1 lot, options priced by the model: six backtests, the sweep open below the lists.
  await expect(lab.sweepCount()).toHaveText('6 backtests (3 Offset Values × 2 Intervals)');
  await lab.runSweep({ lots: '1', from: today, to: today, prices: 'Model', fills: "Candle's close", label: 'Offsets' });
  await expect(lab.refusal()).toHaveCount(0);
  const name = lab.sweep().getByRole('heading', { name: /^Sweep #\d+: Offsets$/ });
  await expect(name).toBeVisible();
  const sweepName = (await name.textContent()) ?? '';
  const sweepId = /#(\d+)/.exec(sweepName)?.[1] ?? '';

  // Nothing reads the sweep on a timer: the backtest_progress events bring every run to Done.
  await expect(lab.sweep().getByTestId('sweep-progress')).toHaveText(
    '6 backtests varying Offset Value and Interval: 6 done.',
    { timeout: 90_000 },
  );
  await expect(lab.sweep().getByTestId('sweep-settings')).toHaveText(
    /^RDX on SANDBOX 24x7, \d{1,2} \w{3} \d{4}: 1 lot; prices Model \(14% IV\) · Candle's close\.$/,
  );

  // The table, best first: each run's settings, Done, and its figures; net P&L never rises down the table.
  const rows = lab.sweepRuns();
  await expect(rows).toHaveCount(6);
  await expect(rows.getByTestId('sweep-run-status')).toHaveText(Array(6).fill('Done'));
  await expect(rows.locator('td:first-child')).toHaveText(['1', '2', '3', '4', '5', '6']);
  const nets = await rows.getByTestId('sweep-run-net').allTextContents();
  for (const net of nets) expect(net).toMatch(RUPEE_FIGURE);
  const values = nets.map(rupees);
  expect(values).toEqual([...values].sort((a, b) => b - a));
  const best = rows.first().getByRole('cell');
  const [bestOffset, bestInterval] = [await best.nth(1).textContent(), await best.nth(2).textContent()];
  expect(bestOffset).toMatch(/^₹(0|100|200)\.00$/);
  expect(bestInterval).toMatch(/^(1m|5m)$/);

  // The heat map: offsets down, intervals across, each square its run's net P&L; the best one marked.
  const heat = lab.heatMap();
  await expect(heat.getByRole('rowheader')).toHaveText(['₹0.00', '₹100.00', '₹200.00']);
  await expect(heat.getByRole('columnheader')).toHaveText(['Offset Value', 'Interval', '1m', '5m']);
  await expect(lab.heatCells()).toHaveCount(6);
  for (const text of await lab.heatCells().allTextContents()) expect(text).toMatch(RUPEE_FIGURE);
  expect((await lab.heatCells().allTextContents()).map(rupees).sort((a, b) => b - a)).toEqual(values);
  const bestSquare = heat.getByRole('button', {
    name: `Offset Value ${bestOffset}, Interval ${bestInterval}: ${nets[0]} (best)`,
  });
  await expect(bestSquare).toHaveText(nets[0]!);

  // Their sweeps list it, finished, with its best figure; the runs list marks its six runs.
  const listed = lab.sweepRow(sweepName);
  await expect(listed.getByTestId('sweep-runs-done')).toHaveText('6 of 6 done');
  await expect(listed.getByTestId('sweep-best')).toHaveText(nets[0]!);
  await expect(listed).toContainText('Offset Value × Interval');
  await expect(
    lab
      .runsTable()
      .locator('tbody > tr')
      .filter({ hasText: `sweep #${sweepId}` }),
  ).toHaveCount(6);

  await screenshots(page, 'strategy-lab-sweep', ['Sweeps']);
  // A phone sees the whole heat map, and each run's settings and net P&L beside its View; the rest scrolls.
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    expect.soft(await scrollsSideways(page.locator('.lab-heat-wrap')), `heat map at ${viewport.width} px`).toBe(false);
    const table = lab.sweep().getByRole('table', { name: 'Sweep runs, best first' });
    expect.soft(await netBesideView(table), `net P&L beside View at ${viewport.width} px`).toBe(true);
  }
  await page.setViewportSize(VIEWPORTS[0]!);

  // The best square opens its run: its results below, the same figure, the settings it tried.
  await bestSquare.click();
  await expect(
    lab.detail().getByRole('heading', { name: /^Offsets: offset_value=\d+, interval=(1m|5m)$/ }),
  ).toBeVisible();
  await expect(lab.figure('Net P&L')).toHaveText(nets[0]!);
  await expect(lab.detail().getByTestId('backtest-settings')).toContainText(
    `1 lot · offset ${bestOffset} · ${bestInterval} candles`,
  );
  await expect(bestSquare).toHaveAttribute('aria-pressed', 'true');
  await expect(rows.first().getByRole('button', { name: 'View' })).toHaveAttribute('aria-pressed', 'true');
  await expect(lab.chartCanvas(lab.detail())).toBeVisible();
  await screenshots(page, 'strategy-lab-sweep-run');

  // Another row of the table opens that run instead.
  await rows.nth(5).getByRole('button', { name: 'View' }).click();
  await expect(lab.figure('Net P&L')).toHaveText(nets[5]!);

  // Closed, the sweep reopens from their sweeps, and a reload keeps it open.
  await lab.sweep().getByRole('button', { name: 'Close' }).click();
  await expect(lab.sweep()).toHaveCount(0);
  await listed.getByRole('button', { name: 'Open' }).click();
  await expect(lab.sweep().getByRole('heading', { name: sweepName })).toBeVisible();
  await page.reload();
  await expect(lab.sweep().getByRole('heading', { name: sweepName })).toBeVisible();
  await expect(lab.heatCells()).toHaveCount(6);
  await expect(lab.sweepRuns().first().getByTestId('sweep-run-net')).toHaveText(nets[0]!);
});
