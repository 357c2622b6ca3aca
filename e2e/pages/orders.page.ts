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

  private filters() {
    return this.page.getByRole('form', { name: 'Order filters' });
  }

  async filterStatus(label: string) {
    await this.filters().getByLabel('Status').selectOption({ label });
  }

  /** The trader's book: one of their strategies, by the select's words ("RDX · SANDBOX 24x7 (#12)"). */
  async filterStrategy(label: string | RegExp) {
    const select = this.filters().getByLabel('Strategy');
    const option = select.getByRole('option').filter({ hasText: label });
    await select.selectOption({ label: (await option.textContent()) ?? '' });
  }

  /** The admin's book: one user's orders by username. */
  async filterUser(username: string) {
    await this.filters().getByLabel('User').fill(username);
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
