import type { Locator } from '@playwright/test';

/**
 * Clicks a button that asks the console's confirm dialog (`useConfirm`), answers it and returns its
 * question: the title, text and specifics, one per line. 'accept' presses the dialog's action button,
 * 'dismiss' its Cancel.
 */
export async function clickAndAnswer(button: Locator, answer: 'accept' | 'dismiss'): Promise<string> {
  await button.click();
  return answerConfirm(button, answer);
}

/** Answers the confirm dialog open on the page of `anyOnPage` and returns its question. */
export async function answerConfirm(anyOnPage: Locator, answer: 'accept' | 'dismiss'): Promise<string> {
  const dialog = anyOnPage.page().getByRole('alertdialog');
  await dialog.waitFor();
  const question = (await dialog.locator('h2, p, li').allInnerTexts()).join('\n');
  const buttons = dialog.locator('.confirm-actions button');
  await (answer === 'accept' ? buttons.last() : buttons.first()).click();
  await dialog.waitFor({ state: 'detached' });
  return question;
}
