import type { Page } from '@playwright/test';

/** The trader's Orders view: the order book with its filters. */
export class OrdersPage {
  constructor(private readonly page: Page) {}

  table() {
    return this.page.getByRole('table', { name: 'Order book' });
  }

  rows() {
    return this.table().locator('tbody tr');
  }

  async filterStatus(label: string) {
    await this.page.getByRole('form', { name: 'Order filters' }).getByLabel('Status').selectOption({ label });
  }

  empty() {
    return this.page.getByText('No orders match.');
  }

  /** Opens the trace of the first row that shows `text` (a live order), and returns its panel. */
  async openTrace(text: string | RegExp) {
    await this.rows().filter({ hasText: text }).first().getByRole('button', { name: 'Trace' }).click();
    return this.page.getByRole('region', { name: /^Trace of order / });
  }
}
