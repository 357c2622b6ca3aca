import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { clickAndAnswer } from './confirm.js';

/** What the backtest form can be filled with; labels as the form shows them. */
export interface BacktestInput {
  /** The instrument option as listed, e.g. "SANDBOX 24x7 (SANDBOX)". */
  instrument?: string;
  lots?: string;
  offset?: string;
  interval?: string;
  /** YYYY-MM-DD (IST days). */
  from?: string;
  to?: string;
  /** The option's label: 'Recorded', 'Imported' or 'Model'. */
  prices?: string;
  /** The option's label, e.g. "Candle's close". */
  fills?: string;
  slippage?: string;
  iv?: string;
  label?: string;
}

/** What a sweep is given on top of the form's base settings; labels as the form shows them. */
export interface SweepInput extends BacktestInput {
  /** The settings ticked to vary: 'Offset Value', 'Lot Count', 'Interval'. */
  vary?: string[];
  /** "0, 100, 200". */
  offsets?: string;
  lotCounts?: string;
  /** The intervals to try: exactly these are ticked. */
  intervals?: string[];
}

/** The Strategy Lab (/strategy-lab): the backtest form, the runs, a sweep, a run's results, the comparison. */
export class StrategyLabPage {
  constructor(private readonly page: Page) {}

  /** From the user's home, by its header button. */
  async open() {
    await this.page.getByRole('button', { name: 'Strategy Lab', exact: true }).click();
    await expect(this.page).toHaveURL(/\/strategy-lab/);
    await expect(this.page.getByRole('heading', { name: 'Strategy Lab' })).toBeVisible();
    await expect(this.form()).toHaveAttribute('aria-busy', 'false');
  }

  form() {
    return this.page.getByRole('form', { name: 'Backtest form' });
  }

  /**
   * A form control by its label (selects by their combobox name: a label's text includes its options; number
   * fields by their role, as a sweep's Vary box carries a setting's name too).
   */
  field(label: string) {
    const selects = ['Strategy', 'Instrument', 'Interval', 'Option prices', 'Fills'];
    const numbers = ['Lot Count', 'Offset Value', 'Slippage (ticks)', 'Model IV (%)'];
    if (selects.includes(label)) return this.form().getByRole('combobox', { name: label, exact: true });
    if (numbers.includes(label)) return this.form().getByRole('spinbutton', { name: label, exact: true });
    return this.form().getByLabel(label, { exact: true });
  }

  async fill(input: BacktestInput) {
    if (input.instrument) await this.field('Instrument').selectOption({ label: input.instrument });
    if (input.lots !== undefined) await this.field('Lot Count').fill(input.lots);
    if (input.offset !== undefined) await this.field('Offset Value').fill(input.offset);
    if (input.interval) await this.field('Interval').selectOption(input.interval);
    if (input.from !== undefined) await this.field('From').fill(input.from);
    if (input.to !== undefined) await this.field('To').fill(input.to);
    if (input.prices) await this.field('Option prices').selectOption({ label: input.prices });
    if (input.fills) await this.field('Fills').selectOption({ label: input.fills });
    if (input.slippage !== undefined) await this.field('Slippage (ticks)').fill(input.slippage);
    if (input.iv !== undefined) await this.field('Model IV (%)').fill(input.iv);
    if (input.label !== undefined) await this.field('Label').fill(input.label);
  }

  async run(input: BacktestInput = {}) {
    await this.fill(input);
    await this.form().getByRole('button', { name: 'Run backtest' }).click();
  }

  /** 'One backtest' or 'Sweep'. */
  async mode(name: 'One backtest' | 'Sweep') {
    const button = this.form().getByRole('group', { name: 'What to run' }).getByRole('button', { name });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }

  /** The box that ticks a setting to vary ('Offset Value', 'Lot Count', 'Interval'). */
  varyBox(label: string) {
    return this.form().getByRole('group', { name: /^Vary/ }).getByRole('checkbox', { name: label, exact: true });
  }

  intervalBox(interval: string) {
    return this.form().getByRole('group', { name: 'Intervals' }).getByRole('checkbox', { name: interval, exact: true });
  }

  /** How many backtests the sweep will make, said above Run. */
  sweepCount() {
    return this.form().getByTestId('sweep-count');
  }

  /** Fills the sweep form (already in Sweep mode): the base, the settings to vary and their values. */
  async fillSweep(input: SweepInput) {
    for (const label of input.vary ?? []) await this.varyBox(label).check();
    await this.fill(input);
    if (input.offsets !== undefined) await this.field('Offset Values').fill(input.offsets);
    if (input.lotCounts !== undefined) await this.field('Lot Counts').fill(input.lotCounts);
    if (input.intervals) {
      for (const interval of ['1m', '3m', '5m', '15m', '30m', '1h']) {
        await this.intervalBox(interval).setChecked(input.intervals.includes(interval));
      }
    }
  }

  async runSweep(input: SweepInput = {}) {
    await this.fillSweep(input);
    await this.form().getByRole('button', { name: 'Run sweep' }).click();
  }

  /** The refusal said under the form (the form's own check or the API's). */
  refusal() {
    return this.form().getByRole('alert');
  }

  runsTable() {
    return this.page.getByRole('table', { name: 'Backtests', exact: true });
  }

  /** The row of the run labelled `label` (labels are the story's own). */
  row(label: string) {
    return this.runsTable().locator('tbody > tr').filter({ hasText: label });
  }

  status(label: string) {
    return this.row(label).getByTestId('backtest-status');
  }

  /** Waits until the run labelled `label` is done (a day of 1-minute candles takes seconds). */
  async expectDone(label: string) {
    await expect(this.status(label)).toHaveText('Done', { timeout: 60_000 });
  }

  async view(label: string) {
    await this.row(label).getByRole('button', { name: 'View' }).click();
    await expect(this.detail().getByRole('heading', { name: label })).toBeVisible();
  }

  /** Clicks the row's Delete, answers the confirm and returns its question. */
  async delete(label: string, answer: 'accept' | 'dismiss' = 'accept'): Promise<string> {
    return clickAndAnswer(this.row(label).getByRole('button', { name: 'Delete' }), answer);
  }

  detail() {
    return this.page.getByTestId('backtest-detail');
  }

  /** A figure of the open run's summary: 'Net P&L', 'Realized', 'Charges', 'Max drawdown', 'Win rate', 'Trades', 'Days'. */
  figure(name: string) {
    return this.detail().getByTestId(`figure-${name}`);
  }

  trades() {
    return this.detail().getByTestId('backtest-trade');
  }

  /** Download CSV on the open run: the name the browser saves it under, and the file's text. */
  async downloadCsv(): Promise<{ filename: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.detail().getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    return { filename: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
  }

  days() {
    return this.detail().getByTestId('backtest-day');
  }

  /** A chart's drawing surface, inside `scope` (the open run, or the comparison). */
  chartCanvas(scope: Locator) {
    return scope.getByTestId('equity-chart').locator('canvas').first();
  }

  sweepsTable() {
    return this.page.getByRole('table', { name: 'Sweeps', exact: true });
  }

  /** The sweeps list's row of the sweep named `name` ("Sweep #3: Offsets"). */
  sweepRow(name: string) {
    return this.sweepsTable().locator('tbody > tr').filter({ hasText: name });
  }

  /** The open sweep. */
  sweep() {
    return this.page.getByTestId('sweep-view');
  }

  /** The open sweep's runs, best first. */
  sweepRuns() {
    return this.sweep().getByRole('table', { name: 'Sweep runs, best first' }).locator('tbody > tr');
  }

  heatMap() {
    return this.sweep().getByTestId('sweep-heatmap');
  }

  /** The heat map's squares, row by row. */
  heatCells() {
    return this.heatMap().getByTestId('heat-cell');
  }

  compare() {
    return this.page.getByTestId('backtest-compare');
  }

  /** Picks the two runs to compare by their labels. */
  async compareRuns(a: string, b: string) {
    for (const [which, label] of [
      ['Backtest A', a],
      ['Backtest B', b],
    ] as const) {
      const select = this.compare().getByRole('combobox', { name: which });
      const option = select.locator('option').filter({ hasText: label });
      await select.selectOption((await option.getAttribute('value')) ?? '');
    }
  }

  /** One row of the comparison ('Settings', 'Net P&L'…): its A and B cells. */
  compareRow(name: string) {
    return this.compare().getByTestId(`compare-${name}`).getByRole('cell');
  }

  useSettingsDialog() {
    return this.page.getByRole('dialog', { name: 'Use these settings for a paper strategy?' });
  }

  message() {
    return this.page.locator('.page > .stack > .message > span');
  }
}
