import { expect, type Locator, type Page } from '@playwright/test';
import { clickAndAnswer } from './confirm.js';

/** The admin data tab: live data configurations, live/historical sync and the fetch form. */
export class AdminDataPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.getByRole('tab', { name: 'data' }).click();
    await expect(this.page.getByRole('heading', { name: 'Live Data Configurations' })).toBeVisible();
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  /**
   * Live sync is one switch for the whole server, and enabling auto-scheduling inside market hours
   * (another spec may) starts it: a story that needs it stopped stops it first, as an admin would.
   */
  async ensureLiveSyncStopped() {
    // 'Checked at' shows once the server's status has been read (before that it reads as stopped).
    await expect(this.syncStatus()).toContainText(/Checked at \d{2}:\d{2}:\d{2} IST/);
    if (await this.button('Stop Sync').isEnabled()) await this.button('Stop Sync').click();
    await expect(this.syncStatus()).toContainText('Stopped');
  }

  syncStatus() {
    return this.page.getByTestId('live-sync-status');
  }

  chart() {
    return this.page.getByTestId('candle-chart');
  }

  fetchForm() {
    return this.page.getByRole('form', { name: 'Fetch Historical Data' });
  }

  field(label: 'Data Source' | 'Instrument' | 'Interval' | 'Start Date' | 'End Date') {
    return this.fetchForm().getByLabel(label, { exact: true });
  }

  async choose(choice: { source?: string; instrumentToken?: string; interval?: string }) {
    if (choice.source) await this.field('Data Source').selectOption(choice.source);
    if (choice.instrumentToken) await this.field('Instrument').selectOption(choice.instrumentToken);
    if (choice.interval) await this.field('Interval').selectOption(choice.interval);
  }

  /** The texts of the fetch form's instrument choices (placeholder left out). */
  async instrumentChoices(): Promise<string[]> {
    // Until the instruments arrive the list is empty and the button reads 'Loading Instruments...'.
    await expect(this.fetchForm().getByRole('button', { name: 'Fetch Data' })).toBeEnabled();
    const texts = await this.field('Instrument').locator('option').allTextContents();
    return texts.filter((t) => t !== 'Select instrument');
  }

  async addConfiguration() {
    await this.fetchForm().getByRole('button', { name: 'Add Configuration' }).click();
  }

  /** A fast double-click on Add Configuration, as an impatient admin would. */
  async doubleClickAddConfiguration() {
    await this.fetchForm().getByRole('button', { name: 'Add Configuration' }).dblclick();
  }

  async fetchData() {
    await this.fetchForm().getByRole('button', { name: 'Fetch Data' }).click();
  }

  async syncHistorical() {
    await this.button('Sync Historical Data').click();
  }

  /** The line saying which configuration a running historical sync is on. */
  syncProgress() {
    return this.page.getByTestId('historical-sync-progress');
  }

  /** The candle panel, titled by the series it shows. */
  candles() {
    return this.page.getByRole('region', { name: 'Candles' });
  }

  configRows() {
    return this.page.getByTestId('live-config-row');
  }

  /** The row of a config, found by its token once and then by its id, so it survives inline editing. */
  async configRow(instrumentToken: string): Promise<Locator> {
    const row = this.configRows().filter({ hasText: instrumentToken });
    await expect(row).toHaveCount(1);
    const id = await row.getAttribute('data-config-id');
    return this.page.locator(`[data-testid="live-config-row"][data-config-id="${id}"]`);
  }

  /** Clicks a row's Delete, answers the confirm and returns its question. */
  async deleteConfig(row: Locator, answer: 'accept' | 'dismiss'): Promise<string> {
    return clickAndAnswer(row.getByRole('button', { name: 'Delete' }), answer);
  }

  /** Starts editing a row and returns its inline Source and Instrument selects. */
  async editRow(row: Locator) {
    await row.getByRole('button', { name: 'Edit' }).click();
    return {
      source: row.getByLabel('Source'),
      instrument: row.getByLabel('Instrument'),
      interval: row.getByLabel('Interval'),
    };
  }

  /** A success message with this text. */
  success(text: string | RegExp) {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  /** An error message (flash or inline) with this text. */
  error(text: string | RegExp) {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}
