import { createInstrumentViaApi, listInstrumentsViaApi, uniqueToken } from '../admin-api.js';
import { ADMIN, expect, test, uniqueName } from '../fixtures.js';
import { AdminInstrumentsPage } from '../pages/admin-instruments.page.js';

let instruments: AdminInstrumentsPage;

test.beforeEach(async ({ page, loginPage, adminPage }) => {
  await loginPage.open();
  await loginPage.login(ADMIN.username, ADMIN.password);
  await adminPage.expectLoaded(ADMIN.username);
  instruments = new AdminInstrumentsPage(page);
  await instruments.open();
});

test('admin adds an instrument starting from the default market hours, edits it and deletes it', async () => {
  const token = uniqueToken();
  const name = uniqueName('IDX');

  await instruments.startAdding();
  await expect(instruments.field('Market Open Time')).toHaveValue('09:15');
  await expect(instruments.field('Market Close Time')).toHaveValue('15:30');
  await expect(instruments.field('Timezone')).toHaveValue('Asia/Kolkata');
  await expect(instruments.field('Trading Days')).toHaveValue('1,2,3,4,5');
  await instruments.fill({ name, token, lotSize: '50', ticker: 'IDXT' });
  await instruments.submit();

  await expect(instruments.success(/Instrument created/)).toBeVisible();
  await expect(instruments.form()).toBeHidden();
  const row = instruments.row(token);
  await expect(row).toContainText(name);
  await expect(row).toContainText('IDXT');
  await expect(row).toContainText('09:15–15:30 IST');
  await expect(row).toContainText('Mon-Fri');

  await instruments.edit(token);
  await expect(instruments.field('Name')).toHaveValue(name);
  await expect(instruments.field('Lot Size')).toHaveValue('50');
  await instruments.fill({
    name: `${name} v2`,
    lotSize: '75',
    openTime: '10:00',
    closeTime: '16:00',
    timezone: 'Europe/London',
    tradingDays: 'Mon-Sat',
  });
  await instruments.submit();
  await expect(instruments.success(/Instrument updated/)).toBeVisible();
  await expect(row).toContainText(`${name} v2`);
  await expect(row).toContainText('75');
  await expect(row).toContainText('10:00–16:00 Europe/London');
  await expect(row).toContainText('Mon-Sat');

  const question = await instruments.delete(token, 'accept');
  expect(question).toBe('Are you sure you want to delete this instrument?');
  await expect(row).toHaveCount(0);
});

test('dismissing the delete confirm keeps the instrument', async ({ page, request }) => {
  const token = uniqueToken();
  await createInstrumentViaApi(request, { name: uniqueName('KEEP'), instrument_token: token });
  await page.reload();
  await instruments.open();

  const question = await instruments.delete(token, 'dismiss');
  expect(question).toBe('Are you sure you want to delete this instrument?');
  await page.reload();
  await instruments.open();
  await expect(instruments.row(token)).toBeVisible();
});

test('an incomplete instrument form is silently ignored', async ({ page, request }) => {
  const token = uniqueToken();
  let creates = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/instruments') creates += 1;
  });

  await instruments.startAdding();
  await instruments.fill({ name: uniqueName('ZERO'), token, lotSize: '0' });
  await instruments.submit();
  await instruments.fill({ lotSize: '5', name: '   ' });
  await instruments.submit();
  await instruments.fill({ name: uniqueName('NOTIME'), openTime: '' });
  await instruments.submit();

  // Nothing was sent, nothing shown: the form simply stays open.
  await expect(instruments.form()).toBeVisible();
  await expect(instruments.error()).toHaveCount(0);
  await expect(instruments.success()).toHaveCount(0);
  expect((await listInstrumentsViaApi(request)).some((i) => i.instrument_token === token)).toBe(false);

  // The same form, once valid, is sent exactly once.
  await instruments.fill({ openTime: '09:15' });
  await instruments.submit();
  await expect(instruments.row(token)).toBeVisible();
  expect(creates).toBe(1);
});

test('a duplicate instrument token shows the server message until the token is changed', async ({ page, request }) => {
  const token = uniqueToken();
  await createInstrumentViaApi(request, { name: uniqueName('FIRST'), instrument_token: token });
  await page.reload();
  await instruments.open();

  await instruments.add({ name: uniqueName('SECOND'), token, lotSize: '10' });
  const error = instruments.error(new RegExp(`Instrument Token ${token} is already used by the instrument FIRST`));
  await expect(error).toBeVisible();
  await expect(instruments.form()).toBeVisible();

  const fixed = uniqueToken();
  await instruments.fill({ token: fixed });
  await expect(error).toHaveCount(0);
  await instruments.submit();
  await expect(instruments.success(/Instrument created/)).toBeVisible();
  await expect(instruments.row(fixed)).toBeVisible();
});

test("each instrument shows its market status from the server's market_status", async ({ page, request }) => {
  const token = uniqueToken();
  await createInstrumentViaApi(request, {
    name: uniqueName('ALLDAY'),
    instrument_token: token,
    market_open_time: '00:00',
    market_close_time: '23:59',
    trading_days: '0,1,2,3,4,5,6',
  });
  const listed = (await listInstrumentsViaApi(request)).find((i) => i.instrument_token === token);
  await page.reload();
  await instruments.open();
  const row = instruments.row(token);
  await expect(row).toContainText(listed?.market_status.isOpen ? 'Open' : 'Closed');
  // When it next opens or closes, on the instrument's clock with the zone named.
  await expect(row).toContainText(/(opens|closes) \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST/);
  await expect(row).toContainText('00:00–23:59 IST');
});

test("refresh from exchange brings a stale lot size in line with the exchange's instruments dump", async () => {
  const token = uniqueToken();
  // An index whose options trade under the NIFTY root, entered with a stale lot size.
  await instruments.add({ name: uniqueName('NIFTYX'), token, lotSize: '50', ticker: 'NIFTY' });
  await expect(instruments.success(/Instrument created/)).toBeVisible();
  const row = instruments.row(token);
  await expect(row).toContainText('50');

  await instruments.refreshFromExchange();
  // NIFTY's lot from the January 2026 expiries (NSE/FAOP/70616), as the sandbox's dump lists it.
  await expect(instruments.success(/Lot sizes from the exchange: .*NIFTY 65/)).toBeVisible();
  await expect(row).toContainText('65');
  await instruments.delete(token, 'accept');
  await expect(row).toHaveCount(0);
});

test('a fractional lot size is refused by name, never sent truncated', async ({ page, request }) => {
  const token = uniqueToken();
  let creates = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/instruments') creates += 1;
  });
  await instruments.add({ name: uniqueName('HALF'), token, lotSize: '2.5' });
  await expect(instruments.error('Lot Size must be a whole number')).toBeVisible();
  expect(creates).toBe(0);
  expect((await listInstrumentsViaApi(request)).some((i) => i.instrument_token === token)).toBe(false);

  // Corrected, it is sent as typed and the message goes.
  await instruments.fill({ lotSize: '3' });
  await expect(instruments.error()).toHaveCount(0);
  await instruments.submit();
  await expect(instruments.row(token)).toContainText('3');
});

test('a second instrument of the same name, and an index token the exchange does not list, are refused in words', async ({
  request,
}) => {
  const name = uniqueName('TWIN');
  await createInstrumentViaApi(request, { name, instrument_token: uniqueToken() });
  await instruments.open();

  await instruments.add({ name: name.toLowerCase(), token: uniqueToken(), lotSize: '10' });
  await expect(instruments.error(`An instrument named ${name} already exists: choose another name`)).toBeVisible();

  // 257801 is NIFTY FIN SERVICE on Kite, an index the sandbox exchange does not list.
  await instruments.fill({ name: uniqueName('FINNIFTY'), token: '257801' });
  await instruments.submit();
  await expect(
    instruments.error(/Instrument Token 257801 is not an index or F&O instrument the exchange lists today/),
  ).toBeVisible();
  await expect(instruments.row('257801')).toHaveCount(0);
});
