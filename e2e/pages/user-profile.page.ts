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

  dailyLimitForm() {
    return this.page.getByRole('form', { name: 'Daily Max Loss' });
  }

  async setDailyLimit(rupees: string) {
    const form = this.dailyLimitForm();
    await form.getByLabel('Daily Max Loss (₹)').fill(rupees);
    await form.getByRole('button', { name: 'Save limit' }).click();
  }

  dailyLimitSummary() {
    return this.dailyLimitForm().getByTestId('daily-limit-summary');
  }

  alertChannelsForm() {
    return this.page.getByRole('form', { name: 'Alert Channels' });
  }

  async saveAlertChannels(channels: { botToken: string; chatId: string; webhookUrl: string; webhookSecret: string }) {
    const form = this.alertChannelsForm();
    // Typed before the saved channels are read, the fields would be the trader's anyway; wait like a user
    // who sees the card settle.
    await expect(form).toHaveAttribute('aria-busy', 'false');
    await form.getByLabel('Telegram Bot Token').fill(channels.botToken);
    await form.getByLabel('Telegram Chat ID').fill(channels.chatId);
    await form.getByLabel('Webhook URL').fill(channels.webhookUrl);
    await form.getByLabel('Webhook Secret').fill(channels.webhookSecret);
    await form.getByRole('button', { name: 'Save Channels' }).click();
  }

  async sendTestAlert() {
    await this.alertChannelsForm().getByRole('button', { name: 'Send Test Alert' }).click();
  }

  /** How the newest alert went on each channel, one line per channel. */
  lastDeliveries() {
    return this.alertChannelsForm().getByRole('list', { name: 'Last deliveries' });
  }
}
