import { expect, type Page } from '@playwright/test';
import { clickAndAnswer } from './confirm.js';

export interface MappingFormInput {
  user?: string;
  /** The instrument option as listed, e.g. "SANDBOX 24x7 (SANDBOX)". */
  instrument?: string;
  /** The broker option as listed: "Zerodha - <broker username>". */
  broker?: string;
  active?: boolean;
  mode?: 'Paper' | 'Live';
  ceCount?: string;
  peCount?: string;
  startTime?: string;
  endTime?: string;
  /** Rupees, as typed; '' clears the limit. */
  maxLoss?: string;
  targetProfit?: string;
}

/** The strategy mapping form and 'Existing Strategy Mappings' (user Strategies view and admin panel). */
export class UserMappingsPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.getByRole('button', { name: 'Strategies', exact: true }).click();
    await expect(this.page.getByRole('heading', { name: 'Strategies - User Strategy Mappings' })).toBeVisible();
    await this.expectLoaded();
  }

  /** Waits until the form has read its lists (a click before then finds no broker chosen yet). */
  async expectLoaded() {
    await expect(this.form()).toHaveAttribute('aria-busy', 'false');
  }

  form() {
    return this.page.getByRole('form', { name: 'Strategy mapping form' });
  }

  /** A form control by its label (selects by their combobox name: a label's text includes its options). */
  field(label: string) {
    const selects = ['User', 'Strategy', 'Instrument', 'User Broker', 'Active', 'Mode'];
    return selects.includes(label)
      ? this.form().getByRole('combobox', { name: label, exact: true })
      : this.form().getByLabel(label, { exact: true });
  }

  async expectCreateMode() {
    await expect(this.form().getByRole('heading', { name: 'Create Strategy Mapping' })).toBeVisible();
    await expect(this.form().getByRole('button', { name: 'Create Mapping' })).toBeVisible();
    await expect(this.form().getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  }

  async expectEditMode() {
    await expect(this.form().getByRole('heading', { name: 'Edit Strategy Mapping' })).toBeVisible();
    await expect(this.form().getByRole('button', { name: 'Update Mapping' })).toBeVisible();
  }

  async fill(input: MappingFormInput) {
    if (input.user) {
      await this.field('User').selectOption({ label: input.user });
      await this.expectLoaded(); // that user's broker accounts
    }
    if (input.instrument) await this.field('Instrument').selectOption({ label: input.instrument });
    if (input.broker) await this.field('User Broker').selectOption({ label: input.broker });
    if (input.active !== undefined)
      await this.field('Active').selectOption({ label: input.active ? 'Active' : 'Inactive' });
    // Paper is the DUMMY option (is_dummy 1), Live the LIVE one; their labels also say what each means.
    if (input.mode) await this.field('Mode').selectOption({ value: input.mode === 'Paper' ? '1' : '0' });
    if (input.ceCount !== undefined) await this.field('CE Count').fill(input.ceCount);
    if (input.peCount !== undefined) await this.field('PE Count').fill(input.peCount);
    if (input.startTime !== undefined) await this.field('Start Time').fill(input.startTime);
    if (input.endTime !== undefined) await this.field('End Time').fill(input.endTime);
    if (input.maxLoss !== undefined) await this.field('Max Loss (₹)').fill(input.maxLoss);
    if (input.targetProfit !== undefined) await this.field('Target Profit (₹)').fill(input.targetProfit);
  }

  async create(input: MappingFormInput = {}) {
    await this.fill(input);
    await this.form().getByRole('button', { name: 'Create Mapping' }).click();
  }

  /** Fills the form, presses Create Mapping and answers the question it asks; returns the question. */
  async createAnswering(input: MappingFormInput, answer: 'accept' | 'dismiss'): Promise<string> {
    await this.fill(input);
    return clickAndAnswer(this.createButton(), answer);
  }

  /** The warning under the broker select: a LIVE mapping on an account without a token cannot trade. */
  noTokenWarning() {
    return this.form().getByRole('note');
  }

  /** Under Max Loss: the cap an admin set on it, in the words of whoever reads the form. */
  maxLossCapHint() {
    return this.form().getByTestId('max-loss-cap-hint');
  }

  createButton() {
    return this.form().getByRole('button', { name: 'Create Mapping' });
  }

  /** The mapping id of the row holding `text`. */
  async idOf(text: string): Promise<number> {
    const testId = await this.rowWith(text).getAttribute('data-testid');
    const id = Number(testId?.replace('mapping-', ''));
    expect(id, `row test id ${testId}`).toBeGreaterThan(0);
    return id;
  }

  async update(input: MappingFormInput) {
    await this.fill(input);
    await this.form().getByRole('button', { name: 'Update Mapping' }).click();
  }

  async cancelEdit() {
    await this.form().getByRole('button', { name: 'Cancel' }).click();
  }

  table() {
    return this.page.getByRole('table', { name: 'Existing Strategy Mappings' });
  }

  emptyState() {
    return this.page.getByText('No strategy mappings yet.');
  }

  /** The row of a mapping, found by text only it has (e.g. its broker username). */
  rowWith(text: string) {
    return this.table().getByRole('row').filter({ hasText: text });
  }

  row(mappingId: number) {
    return this.page.getByTestId(`mapping-${mappingId}`);
  }

  async edit(mappingId: number) {
    await this.row(mappingId).getByRole('button', { name: 'Edit' }).click();
  }

  /** Clicks Delete, answers the confirm and returns its question (title first, then its specifics). */
  async delete(mappingId: number, accept = true): Promise<string> {
    return clickAndAnswer(this.row(mappingId).getByRole('button', { name: 'Delete' }), accept ? 'accept' : 'dismiss');
  }

  /** Closes the status message with its dismiss button. */
  async dismissMessage() {
    await this.page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(this.page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  }

  error() {
    return this.page.locator('.message-error > span');
  }

  success() {
    return this.page.locator('.message-success > span');
  }
}
