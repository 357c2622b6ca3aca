import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
    await expect(this.page.getByRole('heading', { name: 'RDX Trading Console' })).toBeVisible();
  }

  async login(username: string, password: string) {
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Login' }).click();
  }

  error() {
    return this.page.getByRole('alert');
  }

  /** The screen in place of any other while the password is one someone else chose (issues 14 and 27). */
  forcedChangeForm() {
    return this.page.getByRole('form', { name: 'Change your password' });
  }

  /** On that screen: the password signed in with, then the user's own, twice. */
  async chooseOwnPassword(current: string, next: string) {
    const form = this.forcedChangeForm();
    await form.getByLabel('Current Password').fill(current);
    await form.getByLabel('New Password', { exact: true }).fill(next);
    await form.getByLabel('Confirm New Password').fill(next);
    await form.getByRole('button', { name: 'Change Password' }).click();
  }
}
