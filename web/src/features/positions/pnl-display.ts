import { toPaise, toRupees } from '@app/contract';
import type { PnlFigures, Position } from '@app/contract';
import { formatInr } from '../../lib/format';

/** Rupees on the wire have two decimals; sums are made in integer paise so they never drift (the contract's `money.ts`). */
export { toPaise, toRupees };

export type PnlTone = 'up' | 'down';

/**
 * A P&L figure as a trader reads it: a sign as well as a colour (colour alone fails colour-blind
 * readers), Indian grouping, paise. Zero has no sign; a figure under half a paisa is zero.
 */
export function formatPnl(rupees: number): { text: string; tone: PnlTone } {
  const paise = toPaise(rupees);
  const magnitude = formatInr(toRupees(Math.abs(paise)));
  if (paise > 0) return { text: `+${magnitude}`, tone: 'up' };
  if (paise < 0) return { text: `−${magnitude}`, tone: 'down' };
  return { text: magnitude, tone: 'up' };
}

/** The CSS class of a P&L figure: green at or above zero, red below. */
export function pnlClass(rupees: number): string {
  return `pnl pnl-${formatPnl(rupees).tone}`;
}

/** MTM as the curve plots it: realized + unrealized, before charges. */
export function mtmOf(figures: Pick<PnlFigures, 'realized_pnl' | 'unrealized_pnl'>): number {
  return toRupees(toPaise(figures.realized_pnl) + toPaise(figures.unrealized_pnl));
}

/** A position as short (> 0, sold), long (< 0, bought) or flat, for sentences like the reconciliation banner's. */
export function holdingWords(quantity: number): string {
  if (quantity > 0) return `short ${quantity.toLocaleString('en-IN')}`;
  if (quantity < 0) return `long ${Math.abs(quantity).toLocaleString('en-IN')}`;
  return 'flat';
}

/**
 * A leg's quantity as Kite shows a position (issue 27): sold (short) negative, bought positive. The API keeps
 * SPEC's sign (> 0 sold); the trader compares this screen with Kite's.
 */
export function kiteQuantity(quantity: number): number {
  return quantity === 0 ? 0 : -quantity;
}

/**
 * The label of a charges figure. A day's contract note adds up all its orders (STT per contract, stamp duty to
 * the rupee), so charges that include a day not yet over are an estimate until it ends (docs/LEDGER.md).
 */
export function chargesLabel(isFinal: boolean): string {
  return isFinal ? 'Charges' : 'Charges (est.)';
}

/** Why a charges figure may be an estimate, in a trader's words. */
export const CHARGES_ESTIMATE_NOTE =
  "Today's charges are an estimate until the day closes: the contract note adds up the whole day's orders";

/** What Kite's day P&L is (issue 28, docs/LEDGER.md "The broker's way"), where a header cannot say it. */
export const DAY_PNL_TITLE =
  "Kite's day P&L: from the previous close for what was held overnight, from the trade price for today's trades (before charges)";

/**
 * Kite's day P&L across the listed strategies (issue 28), summed in paise: the figure to hold against Kite's
 * positions screen, where "today" above counts a position opened yesterday from its entry. Null when one of
 * them held something overnight whose previous close is not known.
 */
export function kiteDayPnlOf(positions: ReadonlyArray<Pick<Position, 'broker_way'>>): number | null {
  let paise = 0;
  for (const p of positions) {
    if (p.broker_way.day_pnl === null) return null;
    paise += toPaise(p.broker_way.day_pnl);
  }
  return toRupees(paise);
}
