// The trade book a trader hands to an accountant: 'Download CSV' on the transactions list saves the
// book as a file. The trader makes their fills through the screens (a paper strategy realigned on the
// sandbox's 24x7 index sells its two legs at once); for the admin's story, another user's fills are
// arranged through the API. The downloads go through the screen.
import type { APIRequestContext } from '@playwright/test';
import { ADMIN } from '../fixtures.js';
import { screenshots } from '../lab-steps.js';
import { UserTransactionsPage } from '../pages/user-transactions.page.js';
import { kiteUserId, sandboxInstrumentId } from '../trading-api.js';
import { configureRdx, createSandboxMapping } from '../trading-steps.js';
import {
  addBrokerViaApi,
  addMappingViaApi,
  addRdxConfigViaApi,
  apiAs,
  expect,
  newUser,
  signIn,
  test,
  type TestUser,
} from '../user-api.js';

const HEADER =
  'date,trading_symbol,side,quantity,price,value,strategy,instrument,mode,exchange,kind,transaction_id,user_strategy_mapping_id,' +
  'contract,broker_account,order_id,trade_id,' +
  'expiry,strike,option_type,brokerage,stt,exchange_charges,sebi_fees,stamp_duty,gst,total_charges';
/** Where a record's transaction_id is, counted from its end. */
const ID_FROM_END = -16;

interface Fill {
  id: number;
  trading_symbol: string;
  quantity: number;
  price: number;
}

/**
 * Another user's running paper RDX mapping on SANDBOX 24x7, realigned through the API (the admin's story
 * needs a book that is not the admin's): two SELL fills. Returns the mapping and its fills.
 */
async function paperFills(request: APIRequestContext, user: TestUser): Promise<{ mappingId: number; fills: Fill[] }> {
  const broker = await addBrokerViaApi(request, user, 'Zerodha', kiteUserId());
  const mappingId = await addMappingViaApi(request, user, {
    user_broker_id: broker.id,
    instrument_id: await sandboxInstrumentId(request, user),
    is_dummy: 1,
    ce_count: 1,
    pe_count: 1,
  });
  await addRdxConfigViaApi(request, user, mappingId, { offset_value: 100, interval: '1m' });
  await apiAs(request, user.token, 'PUT', `/strategies/user-mappings/${mappingId}/toggle-status`, {
    running_status: 1,
  });
  await apiAs(request, user.token, 'POST', `/strategies/user-mappings/${mappingId}/realign`);
  return { mappingId, fills: await fillsOf(request, user) };
}

/** The user's fills as the API lists them, newest first: what the CSV must hold. */
async function fillsOf(request: APIRequestContext, user: TestUser): Promise<Fill[]> {
  const page = await apiAs<{ transactions: Fill[] }>(request, user.token, 'GET', '/transactions?limit=10');
  expect(page.transactions).toHaveLength(2);
  return page.transactions;
}

/** Rupees with two decimals from whole paise, as the export writes them. */
const rupees = (paise: number) => `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/** The CSV line the export writes for a SELL fill of this spec (after the username, for an admin). */
function expectedLine(fill: Fill, mappingId: number): RegExp {
  const paise = Math.round(fill.price * 100);
  const cells = [
    fill.trading_symbol,
    'SELL',
    String(fill.quantity),
    rupees(paise),
    rupees(paise * fill.quantity),
    'RDX',
    'SANDBOX 24x7',
    // The screens' mode word, and the exchange the console trades on: its built-in sandbox.
    'DUMMY',
    'sandbox',
    'trade',
    String(fill.id),
    String(mappingId),
  ];
  const literal = cells.join(',').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Then the contract as Kite names it (SANDBOX 4 DEC 10150 CE); a paper fill's account is Paper, with no order or
  // trade at a broker; its expiry, strike and type; and its charges by line, rupees, the last their total.
  const traced = String.raw`,SANDBOX \d{1,2} [A-Z]{3} \d+ (CE|PE),Paper,,`;
  const terms = String.raw`,\d{4}-\d{2}-\d{2},\d+,(CE|PE)(,\d+\.\d{2}){7}`;
  return new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} IST,${literal}${traced}${terms}$`);
}

test.describe('Transactions - Download CSV', () => {
  test('a user downloads their trade book from Recent Transactions, all of it or as filtered', async ({
    page,
    request,
    loginPage,
    homePage,
    brokersPage,
    mappingsPage,
    activeStrategies,
    recentTransactions,
  }) => {
    const user = await newUser(request, 'csv');
    await signIn({ loginPage, homePage }, user);
    const brokerUsername = kiteUserId();
    await brokersPage.open();
    await brokersPage.add({ broker: 'Zerodha', username: brokerUsername });
    await homePage.backToHome();
    const mappingId = await createSandboxMapping(homePage, mappingsPage, brokerUsername, 'Paper');
    await configureRdx(activeStrategies, mappingId);
    await activeStrategies.act(mappingId, 'Start');
    await activeStrategies.act(mappingId, 'Realign'); // paper sells both legs at once
    await expect(recentTransactions.section().getByRole('row').filter({ hasText: 'SELL' })).toHaveCount(2);
    const fills = await fillsOf(request, user);

    const { filename, text } = await recentTransactions.downloadCsv();

    expect(filename).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(HEADER);
    // Two records and the empty string after the last CRLF; oldest first, so the list's order reversed.
    expect(lines).toHaveLength(4);
    expect(lines.slice(1, 3).map((l) => l.split(',').at(ID_FROM_END))).toEqual(
      fills.map((f) => String(f.id)).reverse(),
    );
    for (const fill of fills) expect(lines).toContainEqual(expect.stringMatching(expectedLine(fill, mappingId)));

    // Narrowed to the call (the symbol typed as a trader reads it), the list and its CSV hold the one fill.
    const call = fills.find((f) => f.trading_symbol.endsWith('CE'));
    await recentTransactions.filterBySymbol(' ce');
    await expect(recentTransactions.section().getByRole('row').filter({ hasText: 'SELL' })).toHaveCount(1);
    await screenshots(page, 'home-transactions-filtered');
    const narrowed = (await recentTransactions.downloadCsv()).text.split('\r\n');
    expect(narrowed.slice(1, -1).map((l) => l.split(',').at(ID_FROM_END))).toEqual([String(call?.id)]);
    await recentTransactions.filterBySymbol('nothing9');
    await expect(recentTransactions.section().getByText('No transactions match these filters.')).toBeVisible();
  });

  test('an admin downloads every user’s book from All Transactions, with the username first', async ({
    page,
    request,
    loginPage,
    adminPage,
    adminStrategies,
  }) => {
    const user = await newUser(request, 'csvadm');
    const { mappingId, fills } = await paperFills(request, user);
    await loginPage.open();
    await loginPage.login(ADMIN.username, ADMIN.password);
    await adminPage.expectLoaded(ADMIN.username);
    await adminStrategies.open();
    const allTransactions = new UserTransactionsPage(page, 'All Transactions');
    await expect(allTransactions.section()).toBeVisible();

    const { text } = await allTransactions.downloadCsv();

    const lines = text.split('\r\n');
    expect(lines[0]).toBe(`username,${HEADER}`);
    for (const fill of fills) {
      const line = lines.find((l) => l.split(',').at(ID_FROM_END) === String(fill.id)) ?? '';
      expect(line.startsWith(`${user.username},`), line).toBe(true);
      expect(line.slice(user.username.length + 1)).toMatch(expectedLine(fill, mappingId));
    }
  });
});
