import { expect, type Page } from '@playwright/test';

/** The Active Strategies table (user home, or all users on the admin strategies tab). */
export class UserActiveStrategiesPage {
  constructor(private readonly page: Page) {}

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
    const question = new Promise<string>((resolve) => {
      this.page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      });
    });
    await this.button('Delete').click();
    return question;
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
