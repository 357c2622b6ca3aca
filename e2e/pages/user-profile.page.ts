import { expect, type Page } from '@playwright/test';

/** The Change Password form on the user's Profile view. */
export class UserProfilePage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.getByRole('button', { name: 'Profile', exact: true }).click();
    await expect(this.page.getByRole('heading', { name: 'Profile - User Broker Management' })).toBeVisible();
  }

  form() {
    return this.page.getByRole('form', { name: 'Change Password' });
  }

  async changePassword(current: string, next: string, confirm = next) {
    const form = this.form();
    await form.getByLabel('Current Password').fill(current);
    await form.getByLabel('New Password', { exact: true }).fill(next);
    await form.getByLabel('Confirm New Password').fill(confirm);
    await form.getByRole('button', { name: 'Change Password' }).click();
  }

  error() {
    return this.form().locator('.message-error > span');
  }

  success() {
    return this.form().locator('.message-success > span');
  }
}
