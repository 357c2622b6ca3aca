import { expect, type Page } from '@playwright/test';

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

  async release(): Promise<string> {
    return this.pressAndAnswer('Release Kill Switch', true);
  }

  private async pressAndAnswer(name: string, accept: boolean): Promise<string> {
    // Answered from the handler: a click that opens a confirm returns only once the confirm is answered.
    const question = new Promise<string>((resolve) => {
      this.page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      });
    });
    await this.control().getByRole('button', { name, exact: true }).click();
    return question;
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
