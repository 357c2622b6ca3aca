// Steps of a trader's day that several stories take the same way, through the screens.
import { expect } from '@playwright/test';
import type { HomePage } from './pages/home.page.js';
import type { UserBrokersPage } from './pages/user-brokers.page.js';
import type { UserActiveStrategiesPage } from './pages/user-strategies.page.js';
import type { UserMappingsPage } from './pages/user-mappings.page.js';
import { sandboxTotp } from './sandbox.js';
import { kiteUserId, SANDBOX_BROKER_PASSWORD, SANDBOX_OPTION } from './trading-api.js';

/** Links a Zerodha account on the Profile page and generates its access token there, then goes home. */
export async function linkZerodhaWithToken(brokersPage: UserBrokersPage, homePage: HomePage, kiteId: string) {
  await brokersPage.open();
  await brokersPage.add({ broker: 'Zerodha', username: kiteId });
  await brokersPage.generateToken(kiteId, SANDBOX_BROKER_PASSWORD, sandboxTotp());
  await expect(brokersPage.tokenCell(kiteId)).toHaveText('Configured');
  await homePage.backToHome();
}

/** Creates an RDX mapping on SANDBOX 24x7 (CE 1, PE 1) in the Strategies view; returns its id. */
export async function createSandboxMapping(
  homePage: HomePage,
  mappingsPage: UserMappingsPage,
  brokerUsername: string,
  mode: 'Paper' | 'Live',
): Promise<number> {
  await homePage.openView('Strategies');
  await mappingsPage.create({
    instrument: SANDBOX_OPTION,
    broker: `Zerodha - ${brokerUsername}`,
    mode,
    ceCount: '1',
    peCount: '1',
  });
  await expect(mappingsPage.success()).toHaveText(/Strategy mapping created/);
  const id = await mappingsPage.idOf(brokerUsername);
  await homePage.backToHome();
  return id;
}

/** Configures RDX in the row's modal: 1 lot, ATM from the first entry, offset 100, 1m candles. */
export async function configureRdx(activeStrategies: UserActiveStrategiesPage, id: number) {
  const modal = await activeStrategies.configure(id);
  await expect(modal.notFound()).toBeVisible();
  await modal.button('Create').click();
  await modal.fill({ lots: '1', atm: '0', offset: '100', interval: '1m' });
  // Before the first entry there is no ATM, so no strikes either (never ATM − offset below zero).
  await expect(modal.preview('pe')).toHaveText('set at first entry');
  await modal.form().getByRole('button', { name: 'Create' }).click();
  await expect(modal.saved('interval')).toHaveText('1m');
  await expect(modal.saved('atm-value')).toHaveText('set at first entry');
  await modal.close();
}

/**
 * A trader's paper RDX strangle made on the screens: a Zerodha account added on Profile (no token: paper needs
 * none), a mapping created, configured, started and realigned (paper sells both legs at once). Returns its id.
 */
export async function holdPaperStrangle(steps: {
  homePage: HomePage;
  brokersPage: UserBrokersPage;
  mappingsPage: UserMappingsPage;
  activeStrategies: UserActiveStrategiesPage;
}): Promise<number> {
  const { homePage, brokersPage, mappingsPage, activeStrategies } = steps;
  const brokerUsername = kiteUserId();
  await brokersPage.open();
  await brokersPage.add({ broker: 'Zerodha', username: brokerUsername });
  await homePage.backToHome();
  const id = await createSandboxMapping(homePage, mappingsPage, brokerUsername, 'Paper');
  await configureRdx(activeStrategies, id);
  await activeStrategies.act(id, 'Start');
  await activeStrategies.act(id, 'Realign');
  // The click returns before the Realign's answer: its legs on the row say the orders are made.
  await expect(activeStrategies.statusDetail(id)).toHaveText(/holding 2 legs/i);
  return id;
}
