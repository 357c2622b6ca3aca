import { expect, type Locator, type Page } from '@playwright/test';
import { clickAndAnswer } from './confirm.js';
import { MarginDialog, SignalsDialog } from './strategy-tools.page.js';

/** How a row action's confirmation is answered: accepted, dismissed, or none expected. */
export type ConfirmAnswer = 'accept' | 'dismiss' | 'none';

/** The Active Strategies table (user home, or all users on the admin strategies tab). */
export class UserActiveStrategiesPage {
  constructor(readonly page: Page) {}

  /** The row holding `text` (e.g. the broker username, unique per test user). */
  rowWith(text: string) {
    return this.table().getByRole('row').filter({ hasText: text });
  }

  /** The mapping id of a row, read from its test id. */
  async idOf(row: Locator): Promise<number> {
    const testId = await row.getAttribute('data-testid');
    const id = Number(testId?.replace('active-strategy-', ''));
    expect(id, `row test id ${testId}`).toBeGreaterThan(0);
    return id;
  }

  /** Why the strategy is or is not trading, under its status badge. */
  statusDetail(mappingId: number) {
    return this.row(mappingId).getByTestId('strategy-status-detail');
  }

  /** The row's loss and profit limits ("Max loss ₹1.00 · Target …"). */
  limits(mappingId: number) {
    return this.row(mappingId).getByTestId('strategy-limits');
  }

  /** What the limits are measured against: "Today before charges: …". */
  limitMeasure(mappingId: number) {
    return this.row(mappingId).getByTestId('strategy-limit-measure');
  }

  /** The buttons the row offers in its Actions cell, in order (the Net P&L cell's Legs disclosure is not an action). */
  buttons(mappingId: number) {
    return this.row(mappingId).getByTestId('strategy-actions').getByRole('button');
  }

  /**
   * Clicks a row action and answers its confirmation (the console's own dialog); returns the question asked
   * (its title, text and specifics, one per line; '' when none). With 'none' a question fails the test: the
   * action must go ahead at once.
   */
  async act(mappingId: number, name: string, answer: ConfirmAnswer = 'none'): Promise<string> {
    const button = this.button(mappingId, name);
    if (answer !== 'none') return clickAndAnswer(button, answer);
    await button.click();
    await expect(this.page.getByRole('alertdialog'), `${name} asks nothing`).toHaveCount(0);
    return '';
  }

  /** The row's status badge as read: "RUNNING", or "RUNNING · service stopped" while the service is off. */
  statusBadge(mappingId: number) {
    return this.row(mappingId).getByTestId('strategy-status-badge');
  }

  /** The table's message (success, information or error). */
  message() {
    return this.section().locator('.message > span');
  }

  /** Every row's mapping id, top to bottom. */
  async rowIds(): Promise<number[]> {
    const ids = await this.table()
      .locator('tbody > tr[data-testid^="active-strategy-"]')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-testid')?.replace('active-strategy-', ''))));
    return ids;
  }

  /** The banner shown while the RDX service is stopped. */
  serviceBanner() {
    return this.page.getByTestId('rdx-service-banner');
  }

  info() {
    return this.section().locator('.message-info > span');
  }

  section() {
    return this.page.getByRole('region', { name: 'Active Strategies' });
  }

  table() {
    return this.section().getByRole('table', { name: 'Active Strategies' });
  }

  row(mappingId: number) {
    return this.page.getByTestId(`active-strategy-${mappingId}`);
  }

  status(mappingId: number) {
    return this.row(mappingId).getByTestId('strategy-status');
  }

  button(mappingId: number, name: string) {
    return this.row(mappingId).getByRole('button', { name, exact: true });
  }

  rdxData(mappingId: number) {
    return this.row(mappingId).getByTestId('rdx-summary');
  }

  async configure(mappingId: number): Promise<UserRdxModal> {
    await this.button(mappingId, 'Configure').click();
    const modal = new UserRdxModal(this.page);
    await expect(modal.dialog()).toBeVisible();
    return modal;
  }

  /** The row's tools under its actions (Signals…, Check margin): they change nothing. */
  tools(mappingId: number) {
    return this.row(mappingId).getByTestId('strategy-tools').getByRole('button');
  }

  async signals(mappingId: number): Promise<SignalsDialog> {
    await this.row(mappingId).getByRole('button', { name: 'Signals…', exact: true }).click();
    const dialog = new SignalsDialog(this.page);
    await expect(dialog.dialog()).toBeVisible();
    return dialog;
  }

  async checkMargin(mappingId: number): Promise<MarginDialog> {
    await this.row(mappingId).getByRole('button', { name: 'Check margin', exact: true }).click();
    const dialog = new MarginDialog(this.page);
    await expect(dialog.dialog()).toBeVisible();
    return dialog;
  }

  error() {
    return this.section().locator('.message-error > span');
  }

  async dismissMessage() {
    await this.section().getByRole('button', { name: 'Dismiss' }).click();
  }
}

export interface RdxInput {
  lots?: string;
  atm?: string;
  offset?: string;
  interval?: string;
}

/** The RDX configuration modal of one mapping. */
export class UserRdxModal {
  constructor(private readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog', { name: 'RDX Configuration' });
  }

  notFound() {
    return this.dialog().getByText('No RDX configuration found for this strategy.');
  }

  form() {
    return this.dialog().getByRole('form', { name: 'RDX configuration form' });
  }

  field(label: string) {
    return label === 'Interval'
      ? this.form().getByRole('combobox', { name: label, exact: true })
      : this.form().getByLabel(label, { exact: true });
  }

  async fill(input: RdxInput) {
    if (input.lots !== undefined) await this.field('Lot Count').fill(input.lots);
    if (input.atm !== undefined) await this.field('ATM Value').fill(input.atm);
    if (input.offset !== undefined) await this.field('Offset Value').fill(input.offset);
    if (input.interval !== undefined) await this.field('Interval').selectOption(input.interval);
  }

  button(name: string) {
    return this.dialog().getByRole('button', { name, exact: true });
  }

  /** A saved value in view mode: lot-count, atm-value, offset-value, interval, ce-strike, pe-strike. */
  saved(name: string) {
    return this.dialog().getByTestId(`rdx-${name}`);
  }

  /** The strike preview in the form: ce or pe. */
  preview(side: 'ce' | 'pe') {
    return this.dialog().getByTestId(`rdx-form-${side}-strike`);
  }

  /** Clicks Delete, answers the confirm and returns its question. */
  async delete(accept = true): Promise<string> {
    return clickAndAnswer(this.button('Delete'), accept ? 'accept' : 'dismiss');
  }

  async close() {
    await this.button('Close').click();
    await expect(this.dialog()).toHaveCount(0);
  }

  error() {
    return this.dialog().locator('.message-error > span');
  }

  success() {
    return this.dialog().locator('.message-success > span');
  }
}

/** Settle Orders: the orders Kite no longer lists, each settled as the trader found it in the Kite account. */
export class SettleOrdersModal {
  constructor(private readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog', { name: 'Settle Orders' });
  }

  /** The block of one order, by the words that name it ("SELL 50 SANDBOX…CE"). */
  order(what: string) {
    return this.dialog().getByRole('form', { name: `Settle ${what}` });
  }

  async filledAt(what: string, price: string) {
    await this.order(what)
      .getByLabel(/Average price/)
      .fill(price);
    await this.order(what).getByRole('button', { name: 'It filled' }).click();
  }

  async notFilled(what: string) {
    await this.order(what).getByRole('button', { name: 'It did not fill' }).click();
  }

  error() {
    return this.dialog().locator('.message-error > span');
  }
}
