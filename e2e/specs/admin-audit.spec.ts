// The admin's audit trail (issues 13 and 31): an action done on a screen is on the Audit Log tab, and a date
// range of the log exports as CSV with each entry's place in the hash chain.
import { ADMIN, expect, test } from '../fixtures.js';
import { AdminAuditPage } from '../pages/admin-audit.page.js';
import { screenshots } from '../lab-steps.js';
import { AdminHolidaysPage } from '../pages/admin-holidays.page.js';

const HEADER =
  'id,time,actor,actor_user_id,action,object_type,object_id,owner,owner_user_id,changes,detail,ip,prev_hash,hash';

/** A day in the 2080s no other run is likely to use (one holiday per day). */
function uniqueDay(): string {
  const offset = (Math.floor(Date.now() / 1000) + process.pid) % 3650;
  return new Date(Date.UTC(2080, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
}

test('a holiday added on its tab is on the audit log, and the log exports with its hash chain', async ({
  page,
  loginPage,
  adminPage,
}) => {
  await loginPage.open();
  await loginPage.login(ADMIN.username, ADMIN.password);
  await adminPage.expectLoaded(ADMIN.username);
  const holidays = new AdminHolidaysPage(page);
  await holidays.open();
  const day = uniqueDay();
  await holidays.add(day, 'Audit closure');
  await expect(holidays.success(/Holiday added/)).toBeVisible();

  const audit = new AdminAuditPage(page);
  await audit.open();
  await audit.filterByAction('Holiday added');
  const row = audit.table().getByRole('row').filter({ hasText: 'Audit closure' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(ADMIN.username);

  // The whole log (both ends open): the header, then every entry oldest first, each chained to the one before.
  const { filename, text } = await audit.exportCsv('', '');
  expect(filename).toBe('audit-start-to-now.csv');
  const records = text.split('\r\n');
  expect(records.pop()).toBe('');
  expect(records[0]).toBe(HEADER);
  const entries = records.slice(1).map((r) => r.split(','));
  expect(records.some((r) => r.split(',')[4] === 'holiday.create' && r.includes(day))).toBe(true);
  for (let i = 1; i < entries.length; i++) {
    expect(entries[i]!.at(-1)).toMatch(/^[0-9a-f]{64}$/);
    expect(entries[i]!.at(-2)).toBe(entries[i - 1]!.at(-1));
  }

  // A range that ends before it starts is refused in words, and nothing is saved.
  await audit.requestExport('2026-11-28', '2026-11-01');
  await expect(audit.exportError()).toHaveText('The from date must not be after the to date');
  await screenshots(page, 'admin-audit');
});
