import {
  createInstrumentViaApi,
  createLiveConfigViaApi,
  deleteAllLiveConfigsViaApi,
  uniqueToken,
} from '../admin-api.js';
import { ADMIN, expect, test, uniqueName } from '../fixtures.js';
import { AdminDataPage } from '../pages/admin-data.page.js';
import { LayoutPage } from '../pages/layout.page.js';
import { SANDBOX_TOKEN } from '../lab-steps.js';

// Live data configurations are global, and the first story needs none: this file runs in order.
test.describe.configure({ mode: 'serial' });

let data: AdminDataPage;

test.beforeEach(async ({ page, loginPage, adminPage }) => {
  await loginPage.open();
  await loginPage.login(ADMIN.username, ADMIN.password);
  await adminPage.expectLoaded(ADMIN.username);
  data = new AdminDataPage(page);
});

/** A numeric token the sandbox's Kite does not list: valid for a kite config, refused by its history call. */
function unknownKiteToken(): string {
  const token = uniqueToken();
  // The sandbox decodes tokens ending in its NFO segment (token % 256 === 2) as option contracts.
  return Number(token) % 256 === 2 ? String(Number(token) + 1) : token;
}

/** "YYYY-MM-DD" of an instant on the Indian clock. */
const istDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(d);

/** An instrument (and optionally a live config for it) that only this test uses. */
async function arrangeInstrument(request: Parameters<typeof createInstrumentViaApi>[0], interval?: string) {
  const token = uniqueToken();
  const name = uniqueName('DATA');
  await createInstrumentViaApi(request, { name, instrument_token: token });
  if (interval) await createLiveConfigViaApi(request, { source: 'kite', instrument_token: token, interval });
  return { token, name };
}

test('with no live configs the list is empty and live sync cannot be started', async ({ page, request }) => {
  await deleteAllLiveConfigsViaApi(request);
  await data.open();
  await data.ensureLiveSyncStopped();
  await expect(page.getByText('No live data configurations found.')).toBeVisible();
  await expect(data.button('Sync live data')).toBeDisabled();
  await expect(data.button('Stop Sync')).toBeDisabled();
  await expect(data.button('Sync Historical Data')).toBeDisabled();
  // Today's failure path: GET /live-sync/status is not served yet, so the status reads as
  // not running, no sources, 0 subscriptions (SPEC §4). With the endpoint served and live
  // sync stopped the line reads the same.
  await expect(data.syncStatus()).toContainText('Stopped');
  await expect(data.syncStatus()).toContainText('Connected sources: none');
  await expect(data.syncStatus()).toContainText('Active subscriptions: 0');
});

test('the list and the fetch form show their loading states until their data arrives', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  for (const path of ['**/api/data/live-configs', '**/api/data/instruments']) {
    await page.route(path, async (route) => {
      await held;
      await route.continue();
    });
  }
  await data.open();
  const loading = page.getByText('Loading live data configurations...');
  await expect(loading).toBeVisible();
  await expect(data.button('Loading Instruments...')).toBeDisabled();
  release();
  await expect(loading).toBeHidden();
  await expect(data.button('Fetch Data')).toBeEnabled();
});

test('the fetch form starts from kite, 5m and yesterday 00:00 to today 23:59 IST', async ({ page }) => {
  await data.open();
  const now = new Date();
  const yesterday = new Date(now.getTime() - 86_400_000);
  await expect(data.field('Data Source')).toHaveValue('kite');
  await expect(data.field('Interval')).toHaveValue('5m');
  await expect(data.fetchForm().getByText('Start Date (IST)')).toBeVisible();
  await expect(data.field('Start Date')).toHaveValue(`${istDay(yesterday)}T00:00`);
  await expect(data.field('End Date')).toHaveValue(`${istDay(now)}T23:59`);
  await expect(data.field('End Date')).toHaveAttribute('min', `${istDay(yesterday)}T00:00`);
  await expect(page.getByRole('heading', { name: 'Candles' })).toBeVisible();
  await data.field('Start Date').fill('2026-01-05T09:15');
  await expect(data.field('End Date')).toHaveAttribute('min', '2026-01-05T09:15');
});

test('admin adds a live configuration from the fetch form; a second identical one is refused', async ({ request }) => {
  const { token, name } = await arrangeInstrument(request);
  await data.open();
  await data.choose({ instrumentToken: token, interval: '15m' });
  await data.addConfiguration();
  await expect(data.success(/Configuration added successfully!/)).toBeVisible();
  const row = await data.configRow(token);
  await expect(row).toContainText('Kite');
  await expect(row).toContainText(name);
  await expect(row).toContainText('15m');
  await data.ensureLiveSyncStopped();
  await expect(data.button('Sync live data')).toBeEnabled();

  await data.addConfiguration();
  await expect(data.error(/This live data configuration already exists/)).toBeVisible();
  await expect(data.configRows().filter({ hasText: token })).toHaveCount(1);
});

test('a double-click on Add Configuration adds one configuration and no error', async ({ page, request }) => {
  const { token } = await arrangeInstrument(request);
  await data.open();
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/data/live-configs')) posts += 1;
  });
  await data.choose({ instrumentToken: token, interval: '1h' });
  await data.doubleClickAddConfiguration();
  await expect(data.success(/Configuration added successfully!/)).toBeVisible();
  await expect(data.configRows().filter({ hasText: token })).toHaveCount(1);
  await expect(data.error(/already exists/)).toHaveCount(0);
  expect(posts).toBe(1);
});

test('a double-click on Fetch Data or on an inline Save sends one request each', async ({ page, request }) => {
  const { token } = await arrangeInstrument(request, '5m');
  await data.open();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/data/')) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });

  await data.choose({ source: 'kite', instrumentToken: '260105', interval: '1h' });
  await data.fetchForm().getByRole('button', { name: 'Fetch Data' }).dblclick();
  await expect(data.success(/Successfully fetched \d+ records from kite/)).toBeVisible();

  const row = await data.configRow(token);
  const edit = await data.editRow(row);
  await edit.interval.selectOption('1d');
  await row.getByRole('button', { name: 'Save' }).dblclick();
  await expect(data.success(/Configuration updated successfully!/)).toBeVisible();
  await expect(row).toContainText('1d');
  expect(sent.sort()).toEqual(['POST /api/data/fetch', expect.stringMatching(/^PUT \/api\/data\/live-configs\/\d+$/)]);
});

test('Add Configuration without an instrument asks for all fields; choosing one clears the error', async () => {
  await data.open();
  await data.choose({ interval: '1h' });
  await data.addConfiguration();
  const error = data.error(/Please fill in all fields before adding configuration/);
  await expect(error).toBeVisible();
  await data.choose({ instrumentToken: '256265' });
  await expect(error).toHaveCount(0);
});

test('Fetch Data lists the fields that are missing', async () => {
  await data.open();
  await data.field('Start Date').fill('');
  await data.fetchData();
  await expect(data.error(/Please fill in the following fields: Instrument, Start Date/)).toBeVisible();
});

test('each source offers only its own instruments; switching source drops one it cannot serve', async ({ request }) => {
  const { token } = await arrangeInstrument(request, '15m');
  await data.open();

  await data.choose({ source: 'binance' });
  let choices = await data.instrumentChoices();
  expect(choices).toContain('BTCUSDT');
  expect(choices.some((c) => c.startsWith('NIFTY 50'))).toBe(false);
  expect(choices.some((c) => c.startsWith('NIFTY BANK'))).toBe(false);

  await data.choose({ source: 'kite', instrumentToken: '256265' });
  choices = await data.instrumentChoices();
  expect(choices).toContain('NIFTY 50 (256265)');
  expect(choices).not.toContain('BTCUSDT');

  await data.choose({ source: 'binance' });
  await expect(data.field('Instrument')).toHaveValue('');

  // The inline editor follows the same rule.
  const row = await data.configRow(token);
  const edit = await data.editRow(row);
  await edit.source.selectOption('binance');
  await expect(edit.instrument).toHaveValue('');
  const rowChoices = await edit.instrument.locator('option').allTextContents();
  expect(rowChoices).toContain('BTCUSDT');
  expect(rowChoices.some((c) => c.startsWith('NIFTY 50'))).toBe(false);
  await expect(row.getByRole('button', { name: 'Save' })).toBeDisabled();
  await row.getByRole('button', { name: 'Cancel' }).click();
});

test('a live configuration is edited inline: Cancel keeps it, Save changes it', async ({ page, request }) => {
  const { token } = await arrangeInstrument(request, '5m');
  await data.open();
  const row = await data.configRow(token);

  await row.getByRole('button', { name: 'Edit' }).click();
  await row.getByLabel('Interval').selectOption('1h');
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByLabel('Interval')).toHaveCount(0);
  await expect(row).toContainText('5m');

  await row.getByRole('button', { name: 'Edit' }).click();
  await row.getByLabel('Interval').selectOption('1h');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(data.success(/Configuration updated successfully!/)).toBeVisible();
  await expect(row.getByLabel('Interval')).toHaveCount(0);
  await expect(row).toContainText('1h');

  await page.reload();
  await data.open();
  await expect(await data.configRow(token)).toContainText('1h');
});

test('deleting a live configuration asks first', async ({ request }) => {
  const { token } = await arrangeInstrument(request, '30m');
  await data.open();
  const row = await data.configRow(token);

  expect(await data.deleteConfig(row, 'dismiss')).toBe('Are you sure you want to delete this live data configuration?');
  await expect(row).toBeVisible();

  expect(await data.deleteConfig(row, 'accept')).toBe('Are you sure you want to delete this live data configuration?');
  await expect(data.success(/Configuration deleted successfully!/)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an admin fetches a day of SANDBOX 24x7 5m candles from the sandbox and sees the count and the chart', async () => {
  await data.open();
  // SANDBOX 24x7 trades around the clock: NIFTY 50 has candles only in NSE's session, so at this run's wall-clock
  // hour (a weekend, a morning) the default range (yesterday and today) may hold fewer than 100 of them.
  await data.choose({ source: 'kite', instrumentToken: '99000073', interval: '5m' });
  await data.fetchData();
  const message = data.success(/Successfully fetched [\d,]+ records from kite \([\d,]+ new\)/);
  await expect(message).toBeVisible();
  const [, fetched, fresh] =
    /fetched ([\d,]+) records from kite \(([\d,]+) new\)/.exec((await message.textContent()) ?? '') ?? [];
  expect(Number(fetched?.replace(/,/g, ''))).toBeGreaterThan(100);
  // How many are new depends on what live sync stored already; the second fetch below pins it.
  expect(Number(fresh?.replace(/,/g, ''))).toBeLessThanOrEqual(Number(fetched?.replace(/,/g, '')));
  await expect(data.fetchForm().getByRole('button', { name: 'Fetch Data' })).toBeEnabled();
  await expect(data.candles().getByRole('heading', { name: 'SANDBOX 24x7 · 5m · Kite' })).toBeVisible();
  await expect(data.candles()).toContainText('Times in IST (Asia/Kolkata)');
  await expect(data.chart().locator('canvas').first()).toBeVisible();

  // Fetching the same range again finds the same candles and stores none twice.
  await data.fetchData();
  await expect(data.success(/Successfully fetched [\d,]+ records from kite \(0 new\)/)).toBeVisible();
});

test('Sync Historical Data fetches every live configuration and reports each and the total', async ({ request }) => {
  await deleteAllLiveConfigsViaApi(request);
  await createLiveConfigViaApi(request, { source: 'kite', instrument_token: '260105', interval: '15m' });
  await createLiveConfigViaApi(request, { source: 'binance', instrument_token: 'BTCUSDT', interval: '1h' });
  await data.open();
  await data.syncHistorical();
  const report = data.success(/Historical data sync completed successfully! \d+ records processed\./);
  await expect(report).toBeVisible();
  await expect(report.getByRole('listitem')).toHaveText([
    /^NIFTY BANK 15m \(Kite\): [\d,]+ fetched, [\d,]+ new$/,
    /^BTCUSDT 1h \(Binance\): [\d,]+ fetched, [\d,]+ new$/,
  ]);
});

test('a failing configuration is reported by name and reason while the good one still syncs', async ({ request }) => {
  await deleteAllLiveConfigsViaApi(request);
  const deadToken = unknownKiteToken();
  const deadName = uniqueName('DEAD');
  await createInstrumentViaApi(request, { name: deadName, instrument_token: deadToken });
  await data.open();

  // Both configurations are added through the form, the unknown instrument first.
  await data.choose({ source: 'kite', instrumentToken: deadToken, interval: '5m' });
  await data.addConfiguration();
  await expect(await data.configRow(deadToken)).toBeVisible();
  // The sandbox's 24x7 instrument: yesterday and today hold candles whatever the weekday the story runs on
  // (NIFTY BANK has none from a Sunday's "yesterday 00:00" on, SPEC §9's range).
  await data.choose({ instrumentToken: SANDBOX_TOKEN, interval: '30m' });
  await expect(data.candles().getByText(/No candles stored/)).toBeVisible();
  await data.addConfiguration();
  await expect(await data.configRow(SANDBOX_TOKEN)).toBeVisible();

  await data.syncHistorical();
  const report = data.error(/1 of 2 configurations failed to sync/);
  await expect(report).toBeVisible();
  await expect(report.getByRole('listitem')).toHaveText([
    `${deadName} 5m (Kite): failed - Kite: invalid token`,
    /^SANDBOX 24x7 30m \(Kite\): [\d,]+ fetched, [1-9][\d,]* new$/,
    /^Historical data sync completed successfully! \d+ records processed\.$/,
  ]);
  // The good one's candles are stored: its chart now draws them.
  await expect(data.chart().locator('canvas').first()).toBeVisible();
  await expect(data.candles().getByRole('heading', { name: 'SANDBOX 24x7 · 30m · Kite' })).toBeVisible();
});

test('live sync starts with connected sources and subscriptions, and stops', async ({ request }) => {
  await deleteAllLiveConfigsViaApi(request);
  await createLiveConfigViaApi(request, { source: 'kite', instrument_token: '256265', interval: '1m' });
  await createLiveConfigViaApi(request, { source: 'binance', instrument_token: 'BTCUSDT', interval: '1m' });
  await data.open();
  await data.ensureLiveSyncStopped();
  await expect(data.syncStatus()).toContainText('Active subscriptions: 0');
  await data.button('Sync live data').click();
  await expect(data.syncStatus()).toContainText('Running');
  await expect(data.syncStatus()).toContainText('Active subscriptions: 2');
  await expect(data.syncStatus()).toContainText(/Connected sources: .*binance/);
  await expect(data.syncStatus()).toContainText(/Connected sources: .*kite/);
  await expect(data.button('Sync live data')).toBeDisabled();
  await data.button('Stop Sync').click();
  await expect(data.syncStatus()).toContainText('Stopped');
  await expect(data.syncStatus()).toContainText('Active subscriptions: 0');
  await expect(data.button('Stop Sync')).toBeDisabled();
});

test('on a phone (390 px) each live configuration is a card with every column, Interval included, nothing cut off', async ({
  page,
  request,
}) => {
  await deleteAllLiveConfigsViaApi(request);
  await createLiveConfigViaApi(request, { source: 'kite', instrument_token: '260105', interval: '30m' });
  await page.setViewportSize({ width: 390, height: 844 });
  await data.open();
  const layout = new LayoutPage(page);
  await layout.settled();
  const row = await data.configRow('260105');
  await expect(row.getByText('30m', { exact: true })).toBeInViewport();
  await expect(row.getByRole('button', { name: 'Delete' })).toBeInViewport();
  await layout.screenshot(390, 'data-live-configs');
  expect(await layout.clippedCells('Live Data Configurations')).toEqual([]);
  expect(await layout.horizontalOverflow()).toBeLessThanOrEqual(0);
});

test('Sync Historical Data says which configuration it is on while it runs, then the total', async ({
  page,
  request,
}) => {
  await deleteAllLiveConfigsViaApi(request);
  await createLiveConfigViaApi(request, { source: 'kite', instrument_token: '260105', interval: '15m' });
  await createLiveConfigViaApi(request, { source: 'binance', instrument_token: 'BTCUSDT', interval: '1h' });
  // The second fetch is held, so the screen can be read mid-sync (a slow provider does the same).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let fetches = 0;
  await page.route('**/api/data/fetch', async (route) => {
    fetches += 1;
    if (fetches === 2) await held;
    await route.continue();
  });
  await data.open();
  await data.syncHistorical();
  await expect(data.syncProgress()).toHaveText('Syncing historical data: BTCUSDT 1h (Binance), 2 of 2...');
  await expect(data.button('Syncing Historical Data...')).toBeDisabled();
  release();
  await expect(data.success(/Historical data sync completed successfully! \d+ records processed\./)).toBeVisible();
  await expect(data.syncProgress()).toHaveCount(0);
  await expect(data.button('Sync Historical Data')).toBeEnabled();
});
