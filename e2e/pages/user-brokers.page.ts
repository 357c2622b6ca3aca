import { expect, type Page } from '@playwright/test';
import { clickAndAnswer } from './confirm.js';

/** What the broker configuration form can be filled with (apiKey/apiSecret: the account's own Kite app). */
export interface BrokerFormValues {
  broker?: 'Zerodha' | 'Binance' | 'Paper';
  username?: string;
  token?: string;
  apiKey?: string;
  apiSecret?: string;
}

/** The user's Profile view: broker configuration form, list and token panel. */
export class UserBrokersPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.getByRole('button', { name: 'Profile', exact: true }).click();
    await expect(this.page.getByRole('heading', { name: 'Profile - User Broker Management' })).toBeVisible();
  }

  form() {
    return this.page.getByRole('form', { name: 'Broker configuration form' });
  }

  /** The account's row; the console keeps Kite user IDs upper case, however they were typed. */
  row(brokerUsername: string) {
    return this.page.getByTestId(`user-broker-${brokerUsername.toUpperCase()}`);
  }

  tokenCell(brokerUsername: string) {
    return this.row(brokerUsername).getByRole('cell').nth(2);
  }

  /** Which Kite Connect app the account uses: 'Own app' or 'Console app' ('—' for other brokers). */
  appCell(brokerUsername: string) {
    return this.row(brokerUsername).getByRole('cell').nth(4);
  }

  /** The Funds and Margin card's row of an account (its broker's figures, or why there are none). */
  fundsRow(brokerUsername: string) {
    return this.page
      .getByRole('table', { name: 'Funds and margin' })
      .getByRole('row')
      .filter({ hasText: brokerUsername });
  }

  /** Asks every account's broker again. */
  async refreshFunds() {
    await this.page.getByRole('button', { name: 'Refresh' }).click();
  }

  apiKeyInput() {
    return this.form().getByLabel('API Key', { exact: true });
  }

  apiSecretInput() {
    return this.form().getByLabel('API Secret', { exact: true });
  }

  /** Where the account's orders leave from and the IPs registered with the broker (the folded "Order egress"). */
  async fillEgress(values: { primary?: string; backup?: string; bindAddress?: string; family?: string }) {
    const form = this.form();
    const section = form.locator('details', { hasText: 'Order egress (2026 static-IP rule)' });
    if (!(await section.evaluate((d) => (d as HTMLDetailsElement).open))) {
      await section.getByText('Order egress (2026 static-IP rule)').click();
    }
    if (values.primary !== undefined) await form.getByLabel('Primary IP').fill(values.primary);
    if (values.backup !== undefined) await form.getByLabel('Backup IP').fill(values.backup);
    if (values.bindAddress !== undefined) {
      await form.getByRole('combobox', { name: 'Egress', exact: true }).selectOption({
        label: "One of this server's addresses",
      });
      await form.getByLabel('Egress Address').fill(values.bindAddress);
    }
    if (values.family !== undefined) await form.getByLabel('Family Group').fill(values.family);
  }

  /** The account's "Order Egress" cell: where its orders leave from, its registered IPs, the last check. */
  egressCell(brokerUsername: string) {
    return this.row(brokerUsername).getByRole('cell').nth(5);
  }

  async fillForm(values: BrokerFormValues) {
    const form = this.form();
    if (values.broker)
      await form.getByRole('combobox', { name: 'Broker', exact: true }).selectOption({ label: values.broker });
    if (values.username !== undefined) await form.getByLabel('Broker Username').fill(values.username);
    if (values.token !== undefined) await form.getByLabel('Broker Token').fill(values.token);
    if (values.apiKey !== undefined) await this.apiKeyInput().fill(values.apiKey);
    if (values.apiSecret !== undefined) await this.apiSecretInput().fill(values.apiSecret);
  }

  /**
   * Adds a Paper account (issue 32 item 3) as a trader does: the Paper broker, its Account Name and its Virtual
   * Capital in rupees, as typed.
   */
  async addPaper(accountName: string, virtualCapital: string) {
    const form = this.form();
    await form.getByRole('combobox', { name: 'Broker', exact: true }).selectOption({ label: 'Paper' });
    await form.getByLabel('Account Name', { exact: true }).fill(accountName);
    await form.getByLabel('Virtual Capital (₹)', { exact: true }).fill(virtualCapital);
    await form.getByRole('button', { name: 'Add Broker' }).click();
  }

  async add(values: BrokerFormValues & { username: string }) {
    await this.fillForm(values);
    await this.form().getByRole('button', { name: 'Add Broker' }).click();
  }

  async edit(brokerUsername: string) {
    await this.row(brokerUsername).getByRole('button', { name: 'Edit' }).click();
    await expect(this.form().getByRole('heading', { name: 'Edit Broker Configuration' })).toBeVisible();
  }

  async saveEdit() {
    await this.form().getByRole('button', { name: 'Update Broker' }).click();
  }

  /** Clicks Delete, answers the confirm and returns its question. */
  async delete(brokerUsername: string, accept = true): Promise<string> {
    return clickAndAnswer(
      this.row(brokerUsername).getByRole('button', { name: 'Delete' }),
      accept ? 'accept' : 'dismiss',
    );
  }

  tokenPanel(brokerUsername: string) {
    return this.page.getByRole('form', { name: `Generate token for ${brokerUsername}` });
  }

  async openTokenPanel(brokerUsername: string) {
    await this.row(brokerUsername).getByRole('button', { name: 'Generate Token' }).click();
    await expect(this.tokenPanel(brokerUsername)).toBeVisible();
  }

  /** Opens the token panel of a Zerodha row and generates a token with the broker password and app code. */
  async generateToken(brokerUsername: string, password: string, appCode: string) {
    await this.openTokenPanel(brokerUsername);
    const panel = this.tokenPanel(brokerUsername);
    await panel.getByLabel('Password').fill(password);
    await panel.getByLabel('App Code').fill(appCode);
    await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  }

  addButton() {
    return this.form().getByRole('button', { name: 'Add Broker' });
  }

  /** Every row of the broker configurations table (header excluded). */
  rows() {
    return this.page.getByRole('table', { name: 'Broker configurations' }).locator('tbody tr');
  }

  error() {
    return this.page.locator('.message-error > span');
  }

  success() {
    return this.page.locator('.message-success > span');
  }
}
