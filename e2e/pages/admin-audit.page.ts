import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';

/** The admin's Audit Log tab: the whole trail, its filters, and the export of a date range. */
export class AdminAuditPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.getByRole('tab', { name: 'audit' }).click();
    await expect(this.page.getByRole('heading', { name: 'Audit Log', exact: true })).toBeVisible();
  }

  table() {
    return this.page.getByRole('table', { name: 'Audit log' });
  }

  /** Chooses an action in the filter (it applies at once). */
  async filterByAction(label: string) {
    await this.page.getByRole('form', { name: 'Audit filters' }).getByLabel('Action').selectOption({ label });
  }

  private exportForm() {
    return this.page.getByRole('form', { name: 'Export the audit log' });
  }

  /** Sets the export's days (blank: open) and presses 'Download CSV'. */
  async requestExport(from: string, to: string) {
    await this.exportForm().getByLabel('From (IST)').fill(from);
    await this.exportForm().getByLabel('To (IST)').fill(to);
    await this.exportForm().getByRole('button', { name: 'Download CSV' }).click();
  }

  /** Sets the export's days (blank: open) and saves the file through 'Download CSV'. */
  async exportCsv(from: string, to: string): Promise<{ filename: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.requestExport(from, to)]);
    return { filename: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
  }

  exportError() {
    return this.exportForm().getByRole('alert');
  }
}
