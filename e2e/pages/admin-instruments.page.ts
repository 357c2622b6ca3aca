import { expect, type Page } from '@playwright/test';
import { clickAndAnswer } from './confirm.js';

export interface InstrumentInput {
  name?: string;
  token?: string;
  lotSize?: string;
  ticker?: string;
  openTime?: string;
  closeTime?: string;
  timezone?: string;
  tradingDays?: string;
  /** −1 (Kite's automatic bound) or a percentage 1–100. */
  marketProtection?: string;
}

/** The admin instruments tab. */
export class AdminInstrumentsPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.getByRole('tab', { name: 'instruments' }).click();
    await expect(this.page.getByRole('heading', { name: 'Instruments', exact: true })).toBeVisible();
  }

  /** Loads today's instruments dump from the exchange (lot sizes follow it). */
  async refreshFromExchange() {
    await this.page.getByRole('button', { name: 'Refresh from exchange' }).click();
  }

  async startAdding() {
    await this.page.getByRole('button', { name: 'Add New Instrument' }).click();
    await expect(this.form()).toBeVisible();
  }

  form() {
    return this.page.getByRole('form', { name: /^(Add New Instrument|Edit Instrument)$/ });
  }

  field(label: string) {
    return this.form().getByLabel(label, { exact: true });
  }

  async fill(input: InstrumentInput) {
    const text: Array<[string, string | undefined]> = [
      ['Name', input.name],
      ['Instrument Token', input.token],
      ['Lot Size', input.lotSize],
      ['Ticker Symbol', input.ticker],
      ['Market Open Time', input.openTime],
      ['Market Close Time', input.closeTime],
      ['Market Protection (%)', input.marketProtection],
    ];
    for (const [label, value] of text) if (value !== undefined) await this.field(label).fill(value);
    if (input.timezone) await this.field('Timezone').selectOption(input.timezone);
    if (input.tradingDays) await this.field('Trading Days').selectOption({ label: input.tradingDays });
  }

  async submit() {
    await this.form()
      .getByRole('button', { name: /^(Add Instrument|Update Instrument)$/ })
      .click();
  }

  async add(input: InstrumentInput) {
    await this.startAdding();
    await this.fill(input);
    await this.submit();
  }

  row(token: string) {
    return this.page.getByTestId(`instrument-row-${token}`);
  }

  async edit(token: string) {
    await this.row(token).getByRole('button', { name: 'Edit' }).click();
    await expect(this.page.getByRole('form', { name: 'Edit Instrument' })).toBeVisible();
  }

  /** Clicks Delete, answers the confirm and returns its question. */
  delete(token: string, answer: 'accept' | 'dismiss'): Promise<string> {
    return clickAndAnswer(this.row(token).getByRole('button', { name: 'Delete' }), answer);
  }

  /** Success messages (with this text, if given). */
  success(text?: string | RegExp) {
    const all = this.page.getByRole('status');
    return text ? all.filter({ hasText: text }) : all;
  }

  /** Error messages (with this text, if given). */
  error(text?: string | RegExp) {
    const all = this.page.getByRole('alert');
    return text ? all.filter({ hasText: text }) : all;
  }
}
