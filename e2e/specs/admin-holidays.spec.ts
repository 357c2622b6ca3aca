import { ADMIN, expect, test } from '../fixtures.js';
import { AdminHolidaysPage } from '../pages/admin-holidays.page.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day in the 2090s no other run is likely to use (one holiday per day), and how the table shows it. */
function uniqueDay(): { date: string; label: string } {
  const offset = (Math.floor(Date.now() / 1000) + process.pid) % 3650;
  const at = new Date(Date.UTC(2090, 0, 1) + offset * 86_400_000);
  const label = `${WEEKDAYS[at.getUTCDay()]} ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
  return { date: at.toISOString().slice(0, 10), label };
}

let holidays: AdminHolidaysPage;

test.beforeEach(async ({ page, loginPage, adminPage }) => {
  await loginPage.open();
  await loginPage.login(ADMIN.username, ADMIN.password);
  await adminPage.expectLoaded(ADMIN.username);
  holidays = new AdminHolidaysPage(page);
  await holidays.open();
});

test("the calendar comes seeded with NSE's holidays and the circular each is from", async () => {
  const christmas = holidays.row('2026-12-25');
  await expect(christmas).toContainText('Fri 25 Dec 2026');
  await expect(christmas).toContainText('Christmas');
  await expect(christmas).toContainText('NSE/CMTR/71775');
});

test('admin adds a holiday, sees it listed, and deletes it after confirming', async () => {
  const day = uniqueDay();
  await holidays.add(day.date, 'E2E closure');

  await expect(holidays.success(/Holiday added/)).toBeVisible();
  const row = holidays.row(day.date);
  await expect(row).toContainText(day.label);
  await expect(row).toContainText('E2E closure');
  await expect(row).toContainText(`Added in the console by ${ADMIN.username}`);
  await expect(holidays.field('Description')).toHaveValue('');

  expect(await holidays.delete(day.date, 'dismiss')).toBe(
    'Are you sure you want to delete this holiday? Strategies will trade on that day.',
  );
  await expect(row).toBeVisible();

  await holidays.delete(day.date, 'accept');
  await expect(holidays.success(/Holiday deleted/)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a day already in the calendar shows the server message and keeps what was typed', async () => {
  await holidays.add('2026-12-25', 'Christmas again');
  await expect(holidays.error('2026-12-25 is already in the NSE holiday calendar')).toBeVisible();
  await expect(holidays.field('Description')).toHaveValue('Christmas again');
});
