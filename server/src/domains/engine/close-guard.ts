import type { LegClose } from '../strategies/decision.logic.js';

/** A net position as the broker reports it: Kite's sign, long > 0, short < 0. */
export interface BrokerHolding {
  exchange: string;
  tradingsymbol: string;
  quantity: number;
}

/** A leg the broker does not hold enough of, on the leg's side, to close: closing it would open the opposite. */
export interface UnheldLeg {
  leg: LegClose;
  /**
   * What the broker still holds of the symbol on the leg's side (short for a sold leg, long for a bought one),
   * in units, after the legs before it in the list.
   */
  brokerHeld: number;
}

/**
 * The legs of a close the broker cannot back: a sold leg is bought back only while the account is still short
 * at least its units of the symbol, a bought leg sold only while it is still long them. A leg the trader closed
 * at the broker by hand (the console still holds it) would otherwise be closed once more, leaving a position
 * nobody asked for. Legs are taken in order, each using up what it closes, so two strategies holding one
 * symbol share what the broker holds.
 */
export function legsTheBrokerDoesNotHold(legs: readonly LegClose[], holdings: readonly BrokerHolding[]): UnheldLeg[] {
  // Net units sold per symbol (SPEC's sign, as legs carry it): Kite's long > 0 is our < 0.
  const sold = new Map<string, number>();
  const key = (exchange: string, symbol: string) => `${exchange}:${symbol}`;
  for (const h of holdings) {
    const k = key(h.exchange, h.tradingsymbol);
    sold.set(k, (sold.get(k) ?? 0) - h.quantity);
  }
  const unheld: UnheldLeg[] = [];
  for (const leg of legs) {
    const k = key(leg.exchange, leg.tradingSymbol);
    const net = sold.get(k) ?? 0;
    // On the leg's side only: a long does not back a sold leg's buy-back, nor a short a bought leg's sale.
    const brokerHeld = leg.quantity > 0 ? Math.max(0, net) : Math.max(0, -net);
    if (brokerHeld >= Math.abs(leg.quantity)) sold.set(k, net - leg.quantity);
    else unheld.push({ leg, brokerHeld });
  }
  return unheld;
}

/** How the strategy's row words a close that was not sent: what differs, and what the trader can do in `broker`. */
export function unheldReason({ leg, brokerHeld }: UnheldLeg, broker: string): string {
  const isSold = leg.quantity > 0;
  const position = isSold ? 'short' : 'long';
  const held = brokerHeld === 0 ? `no ${position}` : `only ${brokerHeld} ${position}`;
  const units = Math.abs(leg.quantity);
  const did = isSold ? 'sold' : 'bought';
  // A leg closed in part (a lowered lot count) needs only that part at the broker.
  const needed =
    leg.heldQuantity === undefined
      ? `the ${units} this strategy ${did}`
      : `the ${units} this strategy ${isSold ? 'buys back' : 'sells'} of the ${Math.abs(leg.heldQuantity)} it ${did}`;
  const closed = isSold ? 'bought back' : 'sold';
  const closedThere = isSold ? 'Bought back' : 'Sold';
  return (
    `not ${closed}: the broker holds ${held} of ${leg.tradingSymbol}, not ${needed} ` +
    `(closed at the broker by hand?); nothing was sent, so no position was opened. ${closedThere} in ${broker}? Match ` +
    'the broker from the mismatch banner (it shows both sides), then exit again'
  );
}
