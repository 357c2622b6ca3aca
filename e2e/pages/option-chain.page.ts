import { expect, type Page } from '@playwright/test';

/** The option-chain page (/option-chain): pickers, the model's facts, the chain, the IV smile and the payoff. */
export class OptionChainPage {
  constructor(private readonly page: Page) {}

  /** From the user's home, by its header button. */
  async open() {
    await this.page.getByRole('button', { name: 'Option Chain', exact: true }).click();
    await expect(this.page).toHaveURL(/\/option-chain/);
    await expect(this.page.getByRole('heading', { name: 'Option Chain', level: 1 })).toBeVisible();
  }

  async pickInstrument(name: string) {
    await this.page.getByRole('combobox', { name: 'Instrument', exact: true }).selectOption({ label: name });
  }

  expiry() {
    return this.page.getByRole('combobox', { name: 'Expiry', exact: true });
  }

  facts() {
    return this.page.getByTestId('chain-facts');
  }

  updated() {
    return this.page.getByTestId('chain-updated');
  }

  table() {
    return this.page.getByRole('table', { name: 'Option chain' });
  }

  rows() {
    return this.table().locator('tbody > tr');
  }

  /** The ATM row (marked aria-current). */
  atmRow() {
    return this.table().locator('tbody > tr[aria-current="true"]');
  }

  /** The ATM strike, read off its row's test id. */
  async atmStrike(): Promise<number> {
    const id = await this.atmRow().getAttribute('data-testid');
    return Number(id?.replace('chain-row-', ''));
  }

  iv(type: 'CE' | 'PE', strike: number) {
    return this.page.getByTestId(`${type.toLowerCase()}-iv-${strike}`);
  }

  /** Chooses what a click on a price adds. */
  async clicksAdd(side: 'Buy' | 'Sell') {
    const button = this.page
      .getByRole('group', { name: 'A click on a price adds' })
      .getByRole('button', { name: side });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }

  /** Clicks the option's price in the chain (adds a leg on the chosen side). */
  async pick(type: 'CE' | 'PE', strike: number) {
    await this.page.getByTestId(`ltp-${type}-${strike}`).getByRole('button').click();
  }

  smile() {
    return this.page.getByRole('img', { name: /^IV smile/ });
  }

  legs() {
    return this.page.getByRole('table', { name: 'Payoff legs' }).locator('tbody > tr');
  }

  payoffChart() {
    return this.page.getByRole('img', { name: /^Payoff/ });
  }

  breakevens() {
    return this.page.getByTestId('payoff-breakevens');
  }

  maxProfit() {
    return this.page.getByTestId('payoff-max-profit');
  }

  maxLoss() {
    return this.page.getByTestId('payoff-max-loss');
  }
}
