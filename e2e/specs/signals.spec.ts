// Issue 34 item 5: a trader sets up a strategy's TradingView webhook on the screens (docs/SIGNALS.md): the secret is
// made after a confirm, shown once with the address and each action's alert message; an alert posted to that address
// starts the strategy, and the same alert again acts on nothing. Issue 34 item 3: Check margin on the same row.
import type { APIRequestContext } from '@playwright/test';
import { screenshots } from '../lab-steps.js';
import { SANDBOX_OPTION } from '../trading-api.js';
import { configureRdx } from '../trading-steps.js';
import { apiAs, expect, newUser, signIn, test, type TestUser } from '../user-api.js';

/**
 * The console's own time, as TradingView's `{{timenow}}` would read at the alert: the console checks an alert's
 * time against its clock (the replay window), and other stories move that clock on (TEST_CLOCK).
 */
async function consoleNow(request: APIRequestContext, user: TestUser): Promise<string> {
  const { as_of } = await apiAs<{ as_of: string }>(request, user.token, 'GET', '/positions');
  return new Date(Date.parse(as_of)).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** What TradingView sends: the alert's message as typed, as text/plain. Stands in for TradingView, not a screen. */
async function postAlert(url: string, message: string) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: message });
  return { status: res.status, body: (await res.json()) as { data?: { outcome: string; is_repeat: boolean } } };
}

test('a TradingView alert starts a paper strategy through its webhook, once, and the row checks its margin', async ({
  page,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
  activeStrategies,
}) => {
  const user = await newUser(request, 'signals');
  await signIn({ loginPage, homePage }, user);

  // A Paper account and a paper RDX strangle on the 24x7 index, made and configured on the screens.
  await brokersPage.open();
  await brokersPage.addPaper('tv1', '1000000');
  await expect(brokersPage.success()).toHaveText(/Broker configuration created/);
  await homePage.backToHome();
  await homePage.openView('Strategies');
  await mappingsPage.create({ instrument: SANDBOX_OPTION, broker: 'Paper - TV1', ceCount: '1', peCount: '1' });
  await expect(mappingsPage.success()).toHaveText(/Strategy mapping created/);
  const id = await mappingsPage.idOf('TV1');
  await homePage.backToHome();
  await configureRdx(activeStrategies, id);
  await expect(activeStrategies.status(id)).toHaveText('STOPPED');
  await expect(activeStrategies.tools(id)).toHaveText(['Signals…', 'Check margin']);

  // The dialog says what a webhook is; making a secret asks first, naming what stops working.
  const signals = await activeStrategies.signals(id);
  await expect(signals.dialog()).toContainText('A TradingView alert (or any script) can start, stop, enter, exit');
  await expect(signals.secret()).toHaveCount(0);
  await screenshots(page, 'signals-dialog');
  const dismissed = await signals.createSecret('dismiss');
  expect(dismissed).toContain('Any earlier webhook address and secret of this strategy stop working at once');
  await expect(signals.secret()).toHaveCount(0);
  const question = await signals.createSecret('accept');
  expect(question).toContain('Account: TV1 (paper)');

  // The address on this console, the secret this once, and each action's message with {{timenow}} as its key.
  await expect(signals.dialog()).toContainText('The secret will not be shown again.');
  const url = (await signals.webhookUrl().textContent()) ?? '';
  const secret = (await signals.secret().textContent()) ?? '';
  expect(url).toMatch(new RegExp(`^${new URL(page.url()).origin}/api/signals/[A-Za-z0-9_-]+$`));
  expect(secret.length).toBeGreaterThanOrEqual(20);
  for (const action of ['start', 'stop', 'enter', 'exit', 'realign']) {
    expect(JSON.parse((await signals.message(action).textContent()) ?? '')).toEqual({
      action,
      secret,
      idempotency_key: '{{timenow}}',
    });
  }
  // The start alert's message, read off the screen as the trader would copy it into TradingView.
  const startMessage = (await signals.message('start').textContent()) ?? '';
  await expect(signals.button('Rotate secret')).toBeVisible();
  await screenshots(page, 'signals-dialog-secret');
  await signals.close();

  // TradingView fires the start alert: the message as pasted, {{timenow}} filled with the alert's time.
  const start = startMessage.replace('{{timenow}}', await consoleNow(request, user));
  const first = await postAlert(url, start);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect(first.body.data).toEqual({ outcome: 'started', is_repeat: false });
  await expect(activeStrategies.status(id)).toHaveText('RUNNING');

  // TradingView retries the same alert: the first outcome again, nothing acted on.
  const again = await postAlert(url, start);
  expect(again.status).toBe(200);
  expect(again.body.data).toEqual({ outcome: 'started', is_repeat: true });
  await expect(activeStrategies.status(id)).toHaveText('RUNNING');

  // Check margin: the entry its rules would make now, priced, against the Paper account's capital.
  const margin = await activeStrategies.checkMargin(id);
  await expect(margin.figure('required')).toHaveText(/^₹[\d,]+\.\d\d$/);
  await expect(margin.figure('final')).toHaveText(/^₹[\d,]+\.\d\d$/);
  await expect(margin.figure('available')).toHaveText('₹10,00,000.00');
  await expect(margin.orders()).toHaveCount(2);
  await expect(margin.orders().nth(0)).toContainText('SELL');
  await expect(margin.orders().nth(1)).toContainText('SELL');
  await expect(margin.alert()).toHaveCount(0);
  await screenshots(page, 'margin-check');
  await margin.close();
});
