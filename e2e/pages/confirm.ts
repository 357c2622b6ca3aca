import type { Locator } from '@playwright/test';

/**
 * Clicks a button that asks a `window.confirm`, answers it and returns its question. The answer comes from
 * the dialog handler: a click that opens a confirm returns only once the confirm is answered.
 */
export async function clickAndAnswer(button: Locator, answer: 'accept' | 'dismiss'): Promise<string> {
  const question = new Promise<string>((resolve) => {
    button.page().once('dialog', (dialog) => {
      resolve(dialog.message());
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
    });
  });
  await button.click();
  return question;
}
