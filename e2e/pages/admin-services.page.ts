import { expect, type Page } from '@playwright/test';
import { clickAndAnswer } from './confirm.js';

/** The admin brokers, scheduling and rdx tabs: small service controls. */
export class AdminServicesPage {
  constructor(private readonly page: Page) {}

  async open(tab: 'brokers' | 'scheduling' | 'rdx') {
    await this.page.getByRole('tab', { name: tab }).click();
  }

  kiteTokenBox() {
    return this.page.getByRole('form', { name: 'Generate Kite Access Token' });
  }

  appCode() {
    return this.kiteTokenBox().getByLabel('App Code');
  }

  generateButton() {
    return this.kiteTokenBox().getByRole('button', { name: 'Generate' });
  }

  /** The market-data token's state under the box's heading (generated when, valid until, refused, none). */
  marketTokenStatus() {
    return this.kiteTokenBox().getByTestId('market-token-status');
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** Presses Stop RDX Service and answers its question; returns the question (title, text, then specifics). */
  async stopRdx(answer: 'accept' | 'dismiss'): Promise<string> {
    return clickAndAnswer(this.button('Stop RDX Service'), answer);
  }

  async expectHeading(name: string) {
    await expect(this.page.getByRole('heading', { name })).toBeVisible();
  }

  success(text: string | RegExp) {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  error(text: string | RegExp) {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}
