import { expect, type Page } from '@playwright/test';
import { answerConfirm, clickAndAnswer } from './confirm.js';

/** The admin rdx tab's kill switch (issue 13): a big control behind a confirm dialog. */
export class KillSwitchPage {
  constructor(private readonly page: Page) {}

  control() {
    return this.page.getByTestId('kill-switch-control');
  }

  state() {
    return this.page.getByTestId('kill-switch-state');
  }

  /**
   * Presses Engage and answers the confirm; returns the confirm's text (it names how many strategies
   * and open legs engaging closes).
   */
  async engage(accept = true): Promise<string> {
    return this.pressAndAnswer('Engage Kill Switch', accept);
  }

  /**
   * Double-clicks Engage, as an anxious admin would: the console asks once (one dialog, checked here) and the
   * answer is returned like `engage`'s.
   */
  async engageByDoubleClick(accept: boolean): Promise<string> {
    const button = this.control().getByRole('button', { name: 'Engage Kill Switch', exact: true });
    await button.dblclick();
    await expect(this.page.getByRole('alertdialog')).toHaveCount(1);
    return answerConfirm(button, accept ? 'accept' : 'dismiss');
  }

  async release(): Promise<string> {
    return this.pressAndAnswer('Release Kill Switch', true);
  }

  private pressAndAnswer(name: string, accept: boolean): Promise<string> {
    return clickAndAnswer(this.control().getByRole('button', { name, exact: true }), accept ? 'accept' : 'dismiss');
  }

  async expectEngaged(by: string) {
    await expect(this.state()).toContainText('Engaged');
    await expect(this.state()).toContainText(`by ${by}`);
  }
}

/** What a user's home shows of the kill switch: its banner, and the "Exit all" button beside the table. */
export class KillSwitchBannerPage {
  constructor(private readonly page: Page) {}

  banner() {
    return this.page.getByTestId('kill-switch-banner');
  }

  exitAll() {
    return this.page.getByTestId('exit-all');
  }
}
