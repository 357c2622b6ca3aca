// P&L by day (issue 32 item 4): a trader's paper strategy sells both legs and exits; the P&L-by-day view, reached
// from the home page, shows the day on the calendar (its amount on a tap), the cumulative curve, the table with
// the strategy's part, and the same figures as a CSV.
import { readFile } from 'node:fs/promises';
import { screenshots } from '../lab-steps.js';
import { PnlDailyPage } from '../pages/pnl-daily.page.js';
import { holdPaperStrangle } from '../trading-steps.js';
import { expect, newUser, signIn, test } from '../user-api.js';

/** Today in IST, as the server books a day. */
const istToday = () => new Date(Date.now() + 19_800_000).toISOString().slice(0, 10);

test('a trader reads the day a paper strategy traded on the calendar, the curve and the table, and downloads it', async ({
  page,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
  activeStrategies,
}) => {
  const user = await newUser(request, 'pnlday');
  await signIn({ loginPage, homePage }, user);
  const id = await holdPaperStrangle({ homePage, brokersPage, mappingsPage, activeStrategies });
  await activeStrategies.act(id, 'Exit', 'accept'); // and buys them back: a realized P&L and the day's charges
  await expect(activeStrategies.status(id)).toHaveText('STOPPED');

  await homePage.openView('P&L by day');
  const pnl = new PnlDailyPage(page);
  const today = istToday();
  const row = pnl.dayRow(today);
  await expect(row).toContainText('All strategies');
  await expect(row).toContainText(/[+−]?₹[\d,]+\.\d{2}/);
  await expect(pnl.table()).toContainText(`#${id}`);
  await expect(pnl.table()).toContainText('DUMMY');
  await expect(pnl.curve()).toBeVisible();

  const cell = pnl.calendarDay(today);
  await expect(cell).toHaveAccessibleName(/: net [+−]?₹[\d,]+\.\d{2}$/);
  await cell.click();
  await expect(pnl.picked()).toContainText(/net [+−]?₹[\d,]+\.\d{2} \(realized [+−]?₹[\d,]+\.\d{2}, charges ₹/);
  await screenshots(page, 'pnl-daily', ['P&L by day']);

  const file = await pnl.download();
  expect(file.suggestedFilename()).toMatch(/^pnl-daily-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await file.path(), 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe('day,user_strategy_mapping_id,strategy,mode,realized_pnl,charges,net_pnl');
  expect(lines.filter((l) => l.startsWith(`${today},${id},`))).toHaveLength(1);
  expect(lines.filter((l) => l.startsWith(`${today},,Total,`))).toHaveLength(1);

  // A window over five years is refused before it is asked for.
  await pnl.setFrom('2020-01-01');
  await expect(page.getByRole('alert')).toContainText('at most 5 years');
});
