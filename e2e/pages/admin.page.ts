import { expect, type Page } from '@playwright/test';

export class AdminPage {
  constructor(private readonly page: Page) {}

  async expectLoaded(username: string) {
    await expect(this.page).toHaveURL(/\/admin/);
    await expect(this.page.getByRole('heading', { name: `Welcome, ${username} (Admin)` })).toBeVisible();
  }

  async openTab(name: string) {
    await this.page.getByRole('tab', { name }).click();
  }

  async createUser(username: string, password: string, role: 'User' | 'Admin' = 'User') {
    await this.openTab('users');
    const form = this.page.getByRole('form', { name: 'Add New User' });
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password').fill(password);
    await form.getByLabel('Role').selectOption({ label: role });
    await form.getByRole('button', { name: 'Add User' }).click();
    await expect(this.userRow(username)).toBeVisible();
  }

  userRow(username: string) {
    return this.page.getByTestId(`user-row-${username}`);
  }

  async logout() {
    await this.page.getByRole('button', { name: 'Logout' }).click();
    await expect(this.page).toHaveURL(/\/login$/);
    await expect(this.page.getByRole('button', { name: 'Login' })).toBeVisible();
  }
}
