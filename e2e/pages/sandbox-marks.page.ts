import type { Page } from '@playwright/test';

/** What says a console trades on its built-in sandbox exchange: the header's chip, the login page's note. */
export class SandboxMarks {
  constructor(private readonly page: Page) {}

  chip() {
    return this.page.getByTestId('sandbox-chip');
  }

  note() {
    return this.page.getByTestId('sandbox-note');
  }

  /** A mode badge (DUMMY, LIVE, LIVE · SANDBOX) inside `scope`'s row or card. */
  modeBadge(scope: ReturnType<Page['locator']>) {
    return scope.locator('.badge.dummy, .badge.live');
  }
}
