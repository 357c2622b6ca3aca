import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';

/** A transactions list: 'Recent Transactions' on the user home or 'All Transactions' for admins. */
export class UserTransactionsPage {
  constructor(
    private readonly page: Page,
    private readonly title: 'Recent Transactions' | 'All Transactions' = 'Recent Transactions',
  ) {}

  section() {
    return this.page.getByRole('region', { name: this.title });
  }

  emptyState() {
    return this.section().getByText('No transactions yet.');
  }

  summary() {
    return this.section().getByRole('definition');
  }

  summaryValue(term: string) {
    return this.section().getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd');
  }

  async refresh() {
    await this.section().getByRole('button', { name: 'Refresh' }).click();
  }

  /** Types into 'Symbol contains' (part of a trading symbol; the list reads again as it changes). */
  async filterBySymbol(text: string) {
    await this.section().getByLabel('Symbol contains').fill(text);
  }

  pagination() {
    return this.section().getByLabel('Pagination');
  }

  /** Clicks 'Download CSV' and returns the file the browser saved, with its suggested name. */
  async downloadCsv(): Promise<{ filename: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.section().getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const path = await download.path();
    return { filename: download.suggestedFilename(), text: await readFile(path, 'utf8') };
  }
}
