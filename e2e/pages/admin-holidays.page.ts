import { expect, type Page } from '@playwright/test';
import { clickAndAnswer } from './confirm.js';

/** The admin holidays tab: the NSE holiday calendar. */
export class AdminHolidaysPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.getByRole('tab', { name: 'holidays' }).click();
    await expect(this.page.getByRole('heading', { name: 'Holidays', exact: true })).toBeVisible();
  }

  form() {
    return this.page.getByRole('form', { name: 'Add Holiday' });
  }

  field(label: 'Date' | 'Description') {
    return this.form().getByLabel(label, { exact: true });
  }

  /** Types a day (YYYY-MM-DD) and its description, then presses Add Holiday. */
  async add(date: string, description: string) {
    await this.field('Date').fill(date);
    await this.field('Description').fill(description);
    await this.form().getByRole('button', { name: 'Add Holiday' }).click();
  }

  row(date: string) {
    return this.page.getByTestId(`holiday-row-${date}`);
  }

  /** Clicks Delete on a day's row, answers the confirm and returns its question. */
  delete(date: string, answer: 'accept' | 'dismiss'): Promise<string> {
    return clickAndAnswer(this.row(date).getByRole('button', { name: 'Delete' }), answer);
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
