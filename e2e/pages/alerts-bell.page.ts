import { expect, type Page } from '@playwright/test';

/** The header's bell (issue 13): the unread count, and the panel of the newest alerts. */
export class AlertsBellPage {
  constructor(readonly page: Page) {}

  button() {
    return this.page.getByRole('button', { name: 'Notifications' });
  }

  unread() {
    return this.page.getByTestId('alerts-unread');
  }

  panel() {
    return this.page.getByRole('region', { name: 'Alerts' });
  }

  /** Opens the panel (a no-op when open). */
  async open() {
    if ((await this.button().getAttribute('aria-expanded')) !== 'true') await this.button().click();
    await expect(this.panel()).toBeVisible();
  }

  async close() {
    if ((await this.button().getAttribute('aria-expanded')) === 'true') await this.button().click();
    await expect(this.panel()).toHaveCount(0);
  }

  /** The alerts in the open panel whose title reads `title`, newest first. */
  alert(title: string | RegExp) {
    return this.panel()
      .getByRole('listitem')
      .filter({ has: this.page.locator('strong').filter({ hasText: title }) });
  }
}
