// The option chain (issue 34, docs/ANALYTICS.md): a trader opens it from the home page's header, picks the
// sandbox's 24x7 index and reads its chain around the money (21 strikes with IVs and greeks, the ATM marked,
// refreshed while open) and the IV smile; two clicks on the ATM prices sell a straddle into the payoff
// calculator, which draws it and says its breakevens and an unlimited loss.
import { screenshots } from '../lab-steps.js';
import { OptionChainPage } from '../pages/option-chain.page.js';
import { expect, newUser, signIn, test } from '../user-api.js';

const RUPEES = /₹[\d,]+\.\d{2}/;
const IV = /^\d+\.\d{2}$/;

test('a trader reads the SANDBOX chain and its smile, sells the ATM straddle from it and sees its payoff', async ({
  page,
  request,
  loginPage,
  homePage,
}) => {
  const user = await newUser(request, 'chain');
  await signIn({ loginPage, homePage }, user);

  const chain = new OptionChainPage(page);
  await chain.open();
  await chain.pickInstrument('SANDBOX 24x7');
  await expect(page).toHaveURL(/instrument=\d+/);

  // The model's inputs, then the chain: ATM ± 10 strikes, each with an IV on at least one side.
  await expect(chain.facts()).toContainText('Underlying');
  await expect(chain.facts()).toContainText(RUPEES);
  await expect(chain.facts()).toContainText(/Rate\s*\d+\.\d{2}%/);
  await expect(chain.facts()).toContainText(/trading minutes/);
  await expect(chain.expiry()).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(chain.rows()).toHaveCount(21);
  await expect(chain.atmRow()).toHaveCount(1);
  await expect(chain.atmRow()).toContainText('ATM');
  const atm = await chain.atmStrike();
  await expect(chain.iv('CE', atm)).toHaveText(IV);
  await expect(chain.iv('PE', atm)).toHaveText(IV);
  const ivCells = chain.table().locator('td[data-testid^="ce-iv-"], td[data-testid^="pe-iv-"]');
  const ivs = await ivCells.allTextContents();
  expect(ivs.filter((t) => IV.test(t)).length, `IVs shown: ${ivs.join(' ')}`).toBeGreaterThanOrEqual(21);
  await expect(chain.updated()).toContainText(/Updated \d{2}:\d{2}:\d{2} IST/);
  await expect(chain.smile()).toBeVisible();

  // It refreshes by itself while open.
  const first = await chain.updated().textContent();
  await expect(chain.updated()).not.toHaveText(first ?? '', { timeout: 15_000 });

  // A short straddle: sell the ATM call and put, from their prices in the chain.
  await chain.clicksAdd('Sell');
  await chain.pick('CE', atm);
  await chain.pick('PE', atm);
  await expect(chain.legs()).toHaveCount(2);
  await expect(page.getByRole('combobox', { name: 'Leg 1 side' })).toHaveValue('SELL');
  await expect(page.getByRole('combobox', { name: 'Leg 2 type' })).toHaveValue('PE');
  await expect(page.getByRole('spinbutton', { name: 'Leg 1 price' })).toHaveValue(/^\d+(\.\d+)?$/);
  await expect(chain.breakevens()).toHaveText(/^₹[\d,]+\.\d{2} and ₹[\d,]+\.\d{2}$/);
  await expect(chain.maxLoss()).toHaveText('Unlimited');
  await expect(chain.maxProfit()).toHaveText(/^\+₹[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('payoff-premium')).toContainText('received');
  await expect(chain.payoffChart()).toBeVisible();

  // A leg the contract refuses is named in its words, before anything is asked.
  await page.getByRole('spinbutton', { name: 'Leg 2 lots' }).fill('0');
  await expect(page.getByRole('alert')).toHaveText('Leg 2 Lots must be at least 1');
  await page.getByRole('spinbutton', { name: 'Leg 2 lots' }).fill('1');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('spinbutton', { name: 'Leg 2 lots' }).blur();
  await expect(chain.maxLoss()).toHaveText('Unlimited');
  await expect(page.locator('section[aria-labelledby="payoff-title"] [aria-busy="true"]')).toHaveCount(0);

  await screenshots(page, 'option-chain', ['Payoff legs']);
});
