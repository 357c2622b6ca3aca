// Issue 32 item 3: a trader opens a Paper account on Profile with a virtual capital (no token, app or egress),
// sees it in the accounts list and in Funds and Margin, and puts a strategy on it, which can only be paper.
import { screenshots } from '../lab-steps.js';
import { configureRdx } from '../trading-steps.js';
import { SANDBOX_OPTION } from '../trading-api.js';
import { expect, newUser, signIn, test } from '../user-api.js';

const PAPER_ONLY = 'A Paper account trades on paper only: choose a broker account to trade live';

test('a trader adds a Paper account with ₹10,00,000 of virtual capital and runs a paper strategy on it', async ({
  page,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
}) => {
  const user = await newUser(request, 'paper');
  await signIn({ loginPage, homePage }, user);
  await brokersPage.open();

  // Choosing the Paper broker asks for a name and a capital, and nothing that reaches a broker.
  const form = brokersPage.form();
  await form.getByRole('combobox', { name: 'Broker', exact: true }).selectOption({ label: 'Paper' });
  await expect(form.getByLabel('Account Name', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Virtual Capital (₹)', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Broker Token')).toHaveCount(0);
  await expect(form.getByLabel('API Key', { exact: true })).toHaveCount(0);
  await expect(form.getByText('Order egress (2026 static-IP rule)')).toHaveCount(0);

  // Without a capital nothing is saved.
  await form.getByLabel('Account Name', { exact: true }).fill('paper1');
  await form.getByRole('button', { name: 'Add Broker' }).click();
  await expect(brokersPage.error()).toHaveText('Virtual Capital is required for a Paper account');
  await expect(brokersPage.row('PAPER1')).toHaveCount(0);
  await form.getByLabel('Virtual Capital (₹)', { exact: true }).fill('1000000');
  await screenshots(page, 'profile-paper-form');

  await brokersPage.addPaper('paper1', '1000000');
  await expect(brokersPage.success()).toHaveText(/Broker configuration created/);
  const row = brokersPage.row('PAPER1');
  await expect(row.getByRole('cell').first()).toHaveText('Paper');
  await expect(row).toContainText('Virtual capital ₹10,00,000.00');
  await expect(row).not.toContainText('Not set');
  await expect(row.getByRole('button', { name: 'Generate Token' })).toHaveCount(0);

  // The funds row's cells: account, available cash, used margin, available margin, as of.
  const funds = brokersPage.fundsRow('PAPER1');
  const cash = () => funds.getByRole('cell').nth(1);
  const usedMargin = () => funds.getByRole('cell').nth(2);
  const availableMargin = () => funds.getByRole('cell').nth(3);
  await expect(funds).toContainText('Paper · PAPER1');
  await expect(funds).toContainText('Virtual capital ₹10,00,000.00');
  await expect(cash()).toHaveText('₹10,00,000.00');
  await expect(usedMargin()).toHaveText('₹0.00');
  await expect(availableMargin()).toHaveText('₹10,00,000.00');

  // Editing it shows its capital.
  await brokersPage.edit('PAPER1');
  await expect(form.getByLabel('Virtual Capital (₹)', { exact: true })).toHaveValue('1000000');
  await expect(form.getByRole('combobox', { name: 'Broker', exact: true }).getByRole('option')).toHaveText(['Paper']);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await screenshots(page, 'profile-paper-account', ['Funds and margin']);

  // A strategy on the Paper account is paper: no LIVE is offered, and the form says why.
  await mappingsPage.open();
  await mappingsPage.field('User Broker').selectOption({ label: 'Paper - PAPER1' });
  const mode = mappingsPage.field('Mode');
  await expect(mode).toBeDisabled();
  await expect(mode).toHaveValue('1');
  await expect(mode.getByRole('option')).toHaveText(['DUMMY (paper: simulated fills, no broker orders)']);
  await expect(mappingsPage.form().getByRole('note')).toHaveText(PAPER_ONLY);
  await screenshots(page, 'strategy-paper-account');
  await mappingsPage.create({ active: false });
  await expect(mappingsPage.success()).toHaveText(/Strategy mapping created/);
  const mapping = mappingsPage.rowWith('PAPER1');
  await expect(mapping).toContainText('DUMMY');
  await expect(mapping).toContainText('STOPPED');

  // Nothing traded yet: the account still reads its capital, with no margin used.
  await brokersPage.open();
  await brokersPage.refreshFunds();
  await expect(cash()).toHaveText('₹10,00,000.00');
  await expect(usedMargin()).toHaveText('₹0.00');
  await expect(availableMargin()).toHaveText('₹10,00,000.00');

  // On a phone the funds row is a card that still names the capital.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(funds.getByText('Virtual capital ₹10,00,000.00')).toBeVisible();
  await expect(cash()).toBeVisible();
  await screenshots(page, 'profile-paper-account-after-strategy', ['Funds and margin']);
});

/** Rupees as the screens write them ("₹1,23,456.78") in paise. */
const paiseOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[₹,]/g, '')) * 100);

test("a Paper account's strangle holds the margin the broker would ask, and gives it back on exit", async ({
  page,
  request,
  loginPage,
  homePage,
  brokersPage,
  mappingsPage,
  activeStrategies,
}) => {
  const user = await newUser(request, 'paperm');
  await signIn({ loginPage, homePage }, user);
  await brokersPage.open();
  await brokersPage.addPaper('desk1', '500000');
  await expect(brokersPage.success()).toHaveText(/Broker configuration created/);

  // A paper RDX strangle on the 24x7 index, on the Paper account, made and run on the screens.
  await homePage.backToHome();
  await homePage.openView('Strategies');
  await mappingsPage.create({ instrument: SANDBOX_OPTION, broker: 'Paper - DESK1', ceCount: '1', peCount: '1' });
  await expect(mappingsPage.success()).toHaveText(/Strategy mapping created/);
  const id = await mappingsPage.idOf('DESK1');
  await homePage.backToHome();
  await configureRdx(activeStrategies, id);
  await activeStrategies.act(id, 'Start');
  await activeStrategies.act(id, 'Realign');
  await expect(activeStrategies.statusDetail(id)).toHaveText(/holding 2 legs/i);

  // Two short legs hold margin: the cash is the capital less the entry's charges, the rest free to use.
  await brokersPage.open();
  const funds = brokersPage.fundsRow('DESK1');
  const cell = (n: number) => funds.getByRole('cell').nth(n);
  await brokersPage.refreshFunds();
  await expect(cell(2)).not.toHaveText('₹0.00');
  const cash = paiseOf(await cell(1).textContent());
  const used = paiseOf(await cell(2).textContent());
  const free = paiseOf(await cell(3).textContent());
  expect(cash).toBeLessThan(500_000_00);
  expect(used).toBeGreaterThan(0);
  expect(free).toBe(cash - used);
  await screenshots(page, 'profile-paper-account-holding', ['Funds and margin']);

  // Exited: no margin is held any more.
  await homePage.backToHome();
  await activeStrategies.act(id, 'Exit', 'accept');
  await expect(activeStrategies.statusDetail(id)).not.toHaveText(/holding/i);
  await brokersPage.open();
  await brokersPage.refreshFunds();
  await expect(cell(2)).toHaveText('₹0.00');
  expect(paiseOf(await cell(3).textContent())).toBe(paiseOf(await cell(1).textContent()));
});
