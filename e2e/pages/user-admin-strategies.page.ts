import { expect, type Page } from '@playwright/test';

/** The admin 'strategies' tab: gear toggle, admin mapping panel, all-users tables. */
export class UserAdminStrategiesPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.getByRole('tab', { name: 'strategies' }).click();
    await expect(this.page.getByRole('heading', { name: 'RDX Strategy Management' })).toBeVisible();
  }

  gear() {
    return this.page.getByRole('button', { name: 'Toggle strategy mapping form' });
  }

  panel() {
    return this.page.getByTestId('admin-mapping-panel');
  }

  async openForm() {
    await this.gear().click();
    await expect(this.panel()).toBeVisible();
  }
}
