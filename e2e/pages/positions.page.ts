import { expect, type Page } from '@playwright/test';

/** A P&L figure as the console prints it: a sign unless zero, rupees in Indian grouping, paise. */
export const RUPEE_FIGURE = /^[+−]?₹[\d,]+\.\d{2}$/;

/** Issue 11 on the Active Strategies table: net P&L per row, legs, today's strip, the chart, reconciliation. */
export class PositionsPage {
  constructor(readonly page: Page) {}

  /** The row's net P&L figure. */
  netPnl(mappingId: number) {
    return this.page.getByTestId(`active-strategy-${mappingId}`).getByTestId('strategy-net-pnl');
  }

  /** The disclosure that expands a row into its legs. */
  legsToggle(mappingId: number) {
    return this.page.getByTestId(`active-strategy-${mappingId}`).getByRole('button', { name: 'Legs' });
  }

  async expand(mappingId: number) {
    await this.legsToggle(mappingId).click();
    await expect(this.legsToggle(mappingId)).toHaveAttribute('aria-expanded', 'true');
    await expect(this.detail(mappingId)).toBeVisible();
  }

  detail(mappingId: number) {
    return this.page.getByTestId(`position-detail-${mappingId}`);
  }

  legs(mappingId: number) {
    return this.detail(mappingId).getByTestId('position-leg');
  }

  /**
   * The trading symbols of the row's legs, as the broker knows them: each leg reads as Kite names the contract
   * ("SANDBOX 4 DEC 10150 CE") with the symbol on hover.
   */
  async legSymbols(mappingId: number): Promise<string[]> {
    const names = this.legs(mappingId).locator('.leg-symbol [title]');
    return Promise.all((await names.all()).map(async (name) => (await name.getAttribute('title')) ?? ''));
  }

  /** The strip's Kite day P&L (issue 28): from the previous close for what was held overnight. */
  stripKiteDayPnl() {
    return this.page.getByLabel("Kite's day P&L").getByRole('definition');
  }

  /** A figure of the expanded row's Kite's way (issue 28): Realized (avg), Unrealized (avg) or Day P&L. */
  brokerWayFigure(mappingId: number, label: string) {
    return this.detail(mappingId)
      .getByLabel("Kite's way")
      .locator('div')
      .filter({ has: this.page.getByRole('term').filter({ hasText: new RegExp(`^${escape(label)}$`) }) })
      .getByRole('definition');
  }

  /** A figure of the expanded row: Realized, Unrealized, Charges (est.) (Charges once final) or Net. */
  detailFigure(mappingId: number, label: string) {
    return this.detail(mappingId)
      .getByLabel('Strategy P&L')
      .locator('div')
      .filter({ has: this.page.getByRole('term').filter({ hasText: new RegExp(`^${escape(label)}$`) }) })
      .getByRole('definition');
  }

  /** The expanded row's greeks table (issue 34): a row per leg, the strategy's sums in its footer. */
  greeks(mappingId: number) {
    return this.detail(mappingId).getByRole('table', { name: 'Strategy greeks' });
  }

  /** Each leg's row of the greeks table: symbol, IV, delta, gamma, theta, vega. */
  greeksLegs(mappingId: number) {
    return this.greeks(mappingId).getByTestId('greeks-leg');
  }

  /** The strategy's sums: IV (not summed), delta, gamma, theta, vega. */
  greeksTotal(mappingId: number) {
    return this.greeks(mappingId).getByTestId('greeks-total').getByRole('cell');
  }

  /** The expanded row's payoff of its open legs (issue 34). */
  payoff(mappingId: number) {
    return this.detail(mappingId).getByRole('region', { name: 'Payoff' });
  }

  /** Today's P&L strip above the table. */
  strip() {
    return this.page.getByRole('region', { name: /^Today \(IST\)/ });
  }

  /** A figure of the strip: Realized, Unrealized, Charges (est.) (Charges once final) or Net. */
  stripFigure(label: string) {
    return this.strip()
      .getByLabel("Today's P&L")
      .locator('div')
      .filter({ has: this.page.getByRole('term').filter({ hasText: new RegExp(`^${escape(label)}$`) }) })
      .getByRole('definition');
  }

  /** Opens the strategy's chart from its expanded row. */
  async openChart(mappingId: number) {
    await this.detail(mappingId).getByRole('button', { name: 'Chart', exact: true }).click();
    await expect(this.chartDialog()).toBeVisible();
  }

  chartDialog() {
    return this.page.getByRole('dialog');
  }

  /** "N trade markers": the chart's markers in words (a canvas cannot be read). */
  markerCount() {
    return this.chartDialog().getByTestId('trade-marker-count');
  }

  markers() {
    return this.chartDialog().getByRole('list', { name: 'Trade markers' }).getByRole('listitem');
  }

  async closeChart() {
    await this.chartDialog().getByRole('button', { name: 'Close' }).click();
    await expect(this.chartDialog()).toHaveCount(0);
  }

  /** The reconciliation banner (drift as an alert, unreachable brokers as a note). */
  reconcileBanner() {
    return this.page.getByTestId('reconcile-banner');
  }

  reconcileAlert() {
    return this.reconcileBanner().getByRole('alert');
  }

  /** The quiet line while every live account agrees with its broker. */
  reconcileAgreement() {
    return this.page.getByTestId('reconcile-agree');
  }

  /** The quiet line of a console trading only on paper (issue 27). */
  reconcilePaper() {
    return this.page.getByTestId('reconcile-paper');
  }

  /** The banner's offer to book a leg the broker no longer holds as bought back (issue 27). */
  matchButton(tradingSymbol: string) {
    return this.reconcileBanner().getByRole('button', {
      name: new RegExp(`^Match the broker: ${escape(tradingSymbol)} in `),
    });
  }

  /** Books the leg at `price` in the "Match the broker" dialog. */
  async matchTheBroker(tradingSymbol: string, price: string) {
    await this.matchButton(tradingSymbol).click();
    const dialog = this.page.getByRole('dialog', { name: 'Match the broker' });
    await expect(dialog).toContainText(`of ${tradingSymbol} that`);
    await dialog.getByLabel(/Average buy price/).fill(price);
    await dialog.getByRole('button', { name: /^Book [\d,]+ as bought back$/ }).click();
    await expect(dialog).toHaveCount(0);
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
