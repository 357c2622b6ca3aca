import { expect, type Page } from '@playwright/test';
import { clickAndAnswer } from './confirm.js';

/** A strategy's TradingView Signals dialog: makes its webhook secret and shows the address, secret and messages. */
export class SignalsDialog {
  constructor(private readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog', { name: 'TradingView Signals' });
  }

  button(name: string) {
    return this.dialog().getByRole('button', { name, exact: true });
  }

  /** Presses Create new secret (or Rotate secret), answers its confirm and returns the question asked. */
  async createSecret(answer: 'accept' | 'dismiss' = 'accept', name = 'Create new secret'): Promise<string> {
    return clickAndAnswer(this.button(name), answer);
  }

  webhookUrl() {
    return this.dialog().getByLabel('Webhook URL', { exact: true });
  }

  secret() {
    return this.dialog().getByLabel('Secret', { exact: true });
  }

  /** The JSON to paste into an alert for one action: start, stop, enter, exit or realign. */
  message(action: string) {
    return this.dialog().getByTestId(`signal-message-${action}`);
  }

  error() {
    return this.dialog().locator('.message-error > span');
  }

  async close() {
    await this.dialog().getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog()).toHaveCount(0);
  }
}

/** Check Margin: what a strategy's next entry would ask in margin, nothing sent. */
export class MarginDialog {
  constructor(private readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog', { name: 'Check Margin' });
  }

  /** A figure's rupees: required, final or available. */
  figure(key: 'required' | 'final' | 'available') {
    return this.dialog().getByTestId(`margin-${key}`).locator('dd');
  }

  orders() {
    return this.dialog().getByRole('table', { name: 'Orders priced' }).locator('tbody > tr');
  }

  note() {
    return this.dialog().getByTestId('margin-note');
  }

  /** The plain sentence when the account cannot cover the entry, or a refusal in the server's words. */
  alert() {
    return this.dialog().getByRole('alert');
  }

  async close() {
    await this.dialog().getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog()).toHaveCount(0);
  }
}
