import { expect, type Page } from '@playwright/test';

/** The Strategy Builder (/strategy-builder): index and template, the legs, entry and exit, and its actions. */
export class StrategyBuilderPage {
  constructor(private readonly page: Page) {}

  /** From the user's home, by its header button. */
  async open() {
    await this.page.getByRole('button', { name: 'Strategy Builder', exact: true }).click();
    await expect(this.page).toHaveURL(/\/strategy-builder/);
    await expect(this.page.getByRole('heading', { name: 'Strategy Builder' })).toBeVisible();
  }

  /** Picks the index (its name as listed) and a template (its name). */
  async start(index: string, template: string) {
    await this.page.getByRole('combobox', { name: 'Index' }).selectOption({ label: index });
    const picker = this.page.getByRole('combobox', { name: 'Template' });
    await expect(picker.getByRole('option', { name: template })).toBeAttached();
    await picker.selectOption({ label: template });
  }

  legs() {
    return this.page.getByRole('table', { name: 'Legs' }).getByTestId(/^leg-\d$/);
  }

  /** A leg's control by its label ("Leg 1 Stop Loss Unit"). */
  legField(label: string) {
    return this.page.getByRole('table', { name: 'Legs' }).getByLabel(label, { exact: true });
  }

  /** An "Entry and exit" choice by its label ("Enter", "Entry Interval"). */
  entryChoice(label: string) {
    return this.page
      .getByRole('region', { name: 'Entry and exit' })
      .getByRole('combobox', { name: label, exact: true });
  }

  /** An "Entry and exit" field that is not a choice, by the start of its label ("Exit Time"). */
  entryField(label: string) {
    return this.page.getByRole('region', { name: 'Entry and exit' }).getByLabel(new RegExp(`^${label}`));
  }

  /** "Premium and payoff now": the net premium and the payoff's figures of the legs as they stand. */
  payoff() {
    return this.page.getByRole('region', { name: 'Premium and payoff now' });
  }

  button(name: string) {
    return this.page.getByRole('region', { name: 'Try it' }).getByRole('button', { name, exact: true });
  }

  /** The actions' outcome (success or refusal). */
  outcome() {
    return this.page.getByRole('region', { name: 'Try it' }).locator('.message-success, .message-error');
  }
}
