import type { Page } from '@playwright/test';

/** The trader's P&L-by-day view: its window, calendar, curve, table and CSV. */
export class PnlDailyPage {
  constructor(private readonly page: Page) {}

  table() {
    return this.page.getByRole('table', { name: 'P&L by day' });
  }

  /** A day's total row (`YYYY-MM-DD`). */
  dayRow(day: string) {
    return this.page.getByTestId(`pnl-day-${day}`);
  }

  /** A traded day's cell on the calendar. */
  calendarDay(day: string) {
    return this.page.getByTestId(`pnl-cal-${day}`);
  }

  picked() {
    return this.page.getByTestId('pnl-picked');
  }

  curve() {
    return this.page.getByRole('img', { name: 'Cumulative net P&L over the days' });
  }

  async setFrom(day: string) {
    await this.page.getByRole('form', { name: 'P&L window' }).getByLabel('From (IST)').fill(day);
  }

  async download() {
    const [file] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    return file;
  }
}
