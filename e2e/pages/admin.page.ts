import { expect, type Page } from '@playwright/test';
import { clickAndAnswer } from './confirm.js';

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

  /** Users tab: the row's Sign-in column ("Locked until 14:12 IST", failed sign-ins, Unlock). */
  signInCell(username: string) {
    return this.userRow(username).getByRole('cell').nth(3);
  }

  /** Users tab: 'Unlock' in the user's Sign-in column. */
  async unlock(username: string) {
    await this.signInCell(username).getByRole('button', { name: 'Unlock' }).click();
  }

  /** Users tab: 'Reset Password' on the user's row, then the new password in its panel. */
  async resetPassword(username: string, password: string) {
    const panel = this.page.getByRole('form', { name: `Reset password for ${username}` });
    if (!(await panel.isVisible()))
      await this.userRow(username).getByRole('button', { name: 'Reset Password' }).click();
    await panel.getByLabel('New Password').fill(password);
    await panel.getByRole('button', { name: 'Reset Password' }).click();
  }

  /** Users tab: 'Daily Limit' on the user's row, then the amount in its panel; returns the panel. */
  async setDailyLimitFor(username: string, rupees: string) {
    await this.openTab('users');
    const panel = this.page.getByRole('region', { name: `Daily max loss for ${username}` });
    if (!(await panel.isVisible())) await this.userRow(username).getByRole('button', { name: 'Daily Limit' }).click();
    await panel.getByLabel('Daily max loss (₹)').fill(rupees);
    await panel.getByRole('button', { name: 'Save limit' }).click();
    return panel;
  }

  /** The users tab: a user's broker accounts with where their orders leave from (issue 31). */
  async openBrokerAccountsOf(username: string) {
    await this.openTab('users');
    const panel = this.page.getByRole('region', { name: `Broker accounts of ${username}` });
    if (!(await panel.isVisible())) {
      await this.userRow(username).getByRole('button', { name: 'Broker Accounts' }).click();
    }
    return panel;
  }

  /** The rdx tab: starts or stops the RDX strategy service unless it already is so. */
  async setRdxService(running: boolean) {
    await this.openTab('rdx');
    const status = this.page.getByTestId('rdx-service-status');
    await expect(status).toContainText(/Running|Stopped/);
    const want = running ? 'Running' : 'Stopped';
    if (!(await status.textContent())?.includes(want)) {
      // Stop asks first (issue 27); Start goes ahead at once.
      if (running) await this.page.getByRole('button', { name: 'Start RDX Service' }).click();
      else await clickAndAnswer(this.page.getByRole('button', { name: 'Stop RDX Service' }), 'accept');
    }
    await expect(status).toContainText(want);
  }

  async logout() {
    await this.page.getByRole('button', { name: 'Logout' }).click();
    await expect(this.page).toHaveURL(/\/login$/);
    await expect(this.page.getByRole('button', { name: 'Login' })).toBeVisible();
  }
}
