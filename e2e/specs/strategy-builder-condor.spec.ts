// Issue 33 item 7, through the screens only (the trader is seeded through the API): an admin fetches today's
// 1-minute candles of SANDBOX 24x7 on Market Data; a trader adds a broker account, starts the Strategy Builder from
// the "Iron condor" template on SANDBOX 24x7 (wings bought, body sold), sees its net premium and payoff, backtests
// it over today in the Strategy Lab, takes it back to the builder, creates the paper strategy and starts it on Home.
//
// The template enters at 09:30 and squares off at 15:15 (IST). The candles start at today's 00:00 IST and the suite
// runs at any hour, so before 09:30 the backtest would find no entry, and after 15:15 the live strategy would only
// wait for tomorrow: the story changes the entry, in the builder, to the next 5-minute candle close and empties the
// exit time (held until expiry or Exit). Only in the first five minutes after midnight IST has today no 5m close
// yet: a run then finds no entry and the story fails.
import { istToday, fetchTodaysSandboxCandles, SANDBOX_OPTION, screenshots } from '../lab-steps.js';
import { RUPEE_FIGURE } from '../pages/positions.page.js';
import { StrategyBuilderPage } from '../pages/strategy-builder.page.js';
import { StrategyLabPage } from '../pages/strategy-lab.page.js';
import { kiteUserId } from '../trading-api.js';
import { expect, newUser, openAdminConsole, signIn, test } from '../user-api.js';

const TEMPLATE = 'Iron condor';
const RUN = 'Condor today';
/** The legs as the template lists them: bought wings first (they keep the sold legs' margin low), then the body. */
const LEGS = [
  { side: 'BUY', type: 'CE', steps: '4' },
  { side: 'BUY', type: 'PE', steps: '4' },
  { side: 'SELL', type: 'CE', steps: '2' },
  { side: 'SELL', type: 'PE', steps: '2' },
] as const;
/** A leg's strike now under its rule, as the builder shows it: "24,650 CE · ₹112.40 (Thu 3 Dec 2026)". */
const LEG_NOW = /^([\d,]+(?:\.\d+)?) (CE|PE) · ₹[\d,]+\.\d{2} \(/;
/** A traded contract as the Lab's trades name it: "SANDBOX 3 DEC 25200 CE". */
const CONTRACT = /^SANDBOX \d{1,2} [A-Z]{3} (\d+(?:\.\d+)?) (CE|PE)$/;

const strikeOf = (text: string | null, pattern: RegExp): number => {
  const match = pattern.exec(text ?? '');
  expect(match, `a strike in "${text}"`).not.toBeNull();
  return Number(match![1]!.replaceAll(',', ''));
};

test('a trader builds an iron condor from its template, backtests it over today and starts it on paper', async ({
  page,
  browser,
  request,
  loginPage,
  homePage,
  brokersPage,
  activeStrategies,
}) => {
  test.setTimeout(240_000);
  const today = istToday();
  // The history the backtest replays.
  await fetchTodaysSandboxCandles(browser);

  const user = await newUser(request, 'condor');
  await signIn({ loginPage, homePage }, user);
  // A strategy trades through one of the trader's broker accounts, even on paper.
  const account = kiteUserId();
  await brokersPage.open();
  await brokersPage.add({ broker: 'Zerodha', username: account });
  await expect(brokersPage.row(account)).toBeVisible();
  await homePage.backToHome();

  const builder = new StrategyBuilderPage(page);
  await builder.open();
  await builder.start('SANDBOX 24x7', TEMPLATE);
  await expect(builder.legs()).toHaveCount(4);
  for (const [i, leg] of LEGS.entries()) {
    await expect(builder.legField(`Leg ${i + 1} Side`)).toHaveValue(leg.side);
    await expect(builder.legField(`Leg ${i + 1} Option Type`)).toHaveValue(leg.type);
    await expect(builder.legField(`Leg ${i + 1} Strike Steps`)).toHaveValue(leg.steps);
    await expect(builder.legField(`Leg ${i + 1} Lots`)).toHaveValue('1');
  }
  // Each leg's strike now: the bought wings lie further out of the money than the sold body on both sides.
  for (const n of [1, 2, 3, 4]) await expect(builder.legs().getByTestId(`leg-${n}-now`)).toHaveText(LEG_NOW);
  const now = async (n: number) => strikeOf(await builder.legs().getByTestId(`leg-${n}-now`).textContent(), LEG_NOW);
  expect(await now(1)).toBeGreaterThan(await now(3));
  expect(await now(2)).toBeLessThan(await now(4));
  // The body sold dearer than the wings bought: a credit, with a loss bounded by the wings.
  await expect(builder.payoff().getByTestId('sb-net-premium')).toHaveText(/^Net premium: ₹[\d,]+\.\d{2} credit$/);
  await expect(builder.payoff().getByTestId('payoff-max-profit')).toHaveText(/^\+₹[\d,]+\.\d{2}$/);
  await expect(builder.payoff().getByTestId('payoff-max-loss')).toHaveText(/^−₹[\d,]+\.\d{2}$/);
  await expect(builder.payoff().getByTestId('payoff-breakevens')).toHaveText(/^₹[\d,]+\.\d{2} and ₹[\d,]+\.\d{2}$/);

  // Entered on the next 5-minute close and held (see the header): today's candles cover that at any hour.
  await expect(builder.entryChoice('Enter').locator('option:checked')).toHaveText('At a time');
  await expect(builder.entryField('Entry Time')).toHaveValue('09:30');
  await builder.entryChoice('Enter').selectOption({ label: 'On a candle close' });
  await builder.entryChoice('Entry Interval').selectOption('5m');
  await expect(builder.entryField('Exit Time')).toHaveValue('15:15');
  await builder.entryField('Exit Time').fill('');
  await screenshots(page, 'strategy-builder-condor');

  // Backtest: the Lab runs the legs as built, over today, with modelled option prices.
  await builder.button('Backtest').click();
  const lab = new StrategyLabPage(page);
  await expect(page).toHaveURL(/\/strategy-lab/);
  await expect(lab.field('Strategy').locator('option:checked')).toHaveText('Multi-leg');
  await expect(lab.field('Instrument').locator('option:checked')).toHaveText(SANDBOX_OPTION);
  await expect(lab.form().getByTestId('lab-legs-summary').getByRole('listitem')).toHaveText([
    'Leg 1: BUY CE ATM+4 ×1 lot, current week',
    'Leg 2: BUY PE ATM+4 ×1 lot, current week',
    'Leg 3: SELL CE ATM+2 ×1 lot, current week',
    'Leg 4: SELL PE ATM+2 ×1 lot, current week',
    'Entry on the next 5m candle close',
    'No exit time: held until expiry or Exit',
  ]);
  await expect(lab.field('Interval')).toHaveValue('5m');
  await lab.run({ from: today, to: today, prices: 'Model', fills: "Candle's close", label: RUN });
  await expect(lab.refusal()).toHaveCount(0);
  await lab.expectDone(RUN);
  await expect(lab.row(RUN).getByTestId('backtest-net')).toHaveText(RUPEE_FIGURE);
  await expect(lab.detail().getByRole('heading', { name: RUN })).toBeVisible();
  await expect(lab.figure('Net P&L')).toHaveText(RUPEE_FIGURE);

  // The entry trades all four legs, at one time: the wings bought out beyond the body sold, on both sides.
  const entries = lab.trades().filter({ has: page.getByRole('cell', { name: 'Entry', exact: true }) });
  await expect(entries).toHaveCount(4);
  const fills = await Promise.all(
    [0, 1, 2, 3].map(async (i) => {
      const cells = entries.nth(i).getByRole('cell');
      await expect(cells.nth(1)).toHaveText(CONTRACT);
      const contract = (await cells.nth(1).textContent()) ?? '';
      return {
        time: await cells.nth(0).textContent(),
        side: await cells.nth(2).textContent(),
        type: contract.slice(-2),
        strike: strikeOf(contract, CONTRACT),
      };
    }),
  );
  expect(new Set(fills.map((f) => f.time)).size).toBe(1);
  const fill = (side: string, type: string) => {
    const found = fills.filter((f) => f.side === side && f.type === type);
    expect(found, `one ${side} ${type} entry`).toHaveLength(1);
    return found[0]!;
  };
  expect(fill('BUY', 'CE').strike).toBeGreaterThan(fill('SELL', 'CE').strike);
  expect(fill('BUY', 'PE').strike).toBeLessThan(fill('SELL', 'PE').strike);
  await screenshots(page, 'strategy-builder-condor-lab', ['Backtest trades']);

  // Back to the builder with the legs as run; Create makes the paper strategy of them.
  await lab.form().getByRole('link', { name: 'Edit in Strategy Builder' }).click();
  await expect(page).toHaveURL(/\/strategy-builder/);
  await expect(builder.legs()).toHaveCount(4);
  await expect(builder.legField('Leg 1 Side')).toHaveValue('BUY');
  await expect(builder.legField('Leg 4 Side')).toHaveValue('SELL');
  await expect(builder.entryChoice('Enter').locator('option:checked')).toHaveText('On a candle close');
  await expect(builder.entryField('Exit Time')).toHaveValue('');
  await builder.button('Create paper strategy').click();
  await expect(builder.outcome()).toHaveText(
    /^Paper strategy #\d+ created: Multi-leg on SANDBOX 24x7, 4 legs\. It starts stopped: see it on Home/,
  );
  const id = Number(/#(\d+)/.exec((await builder.outcome().textContent()) ?? '')?.[1]);
  await builder.outcome().getByRole('link', { name: 'see it on Home' }).click();
  await expect(page).toHaveURL(/\/home/);
  await expect(activeStrategies.row(id)).toBeVisible();
  await expect(activeStrategies.row(id).getByTestId('legs-summary')).toContainText('BUY CE ATM+4 ×1 lot, current week');
  await expect(activeStrategies.row(id).getByTestId('legs-summary')).toContainText(
    'SELL PE ATM+2 ×1 lot, current week',
  );

  // The strategies' service must run for candle-close trading: an admin starts it.
  const admin = await openAdminConsole(browser);
  await admin.admin.setRdxService(true);
  await admin.close();
  // A paper strategy starts at once: nothing to confirm.
  await activeStrategies.act(id, 'Start');
  await expect(activeStrategies.status(id)).toHaveText('RUNNING');
  await expect(activeStrategies.statusDetail(id)).toHaveText(/^(Waiting for the 5m candle closing at|Holding 4 legs)/);
});
