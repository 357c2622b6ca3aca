import { expect, type Page } from '@playwright/test';

export class HomePage {
  constructor(private readonly page: Page) {}

  async expectLoaded(username: string) {
    await expect(this.page).toHaveURL(/\/home/);
    await expect(this.page.getByRole('heading', { name: `Welcome, ${username} (User)` })).toBeVisible();
  }

  async openView(name: 'Profile' | 'Strategies' | 'Orders' | 'Positions' | 'P&L by day') {
    await this.page.getByRole('button', { name, exact: true }).click();
  }

  async backToHome() {
    await this.page.getByRole('button', { name: 'Back to Home' }).click();
  }
}
