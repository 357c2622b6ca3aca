import type { LegClose } from '../strategies/decision.logic.js';

/** A net position as the broker reports it: Kite's sign, long > 0, short < 0. */
export interface BrokerHolding {
  exchange: string;
  tradingsymbol: string;
  quantity: number;
}

/** A leg the broker does not hold short enough to buy back: buying it would open a long instead. */
export interface UnheldLeg {
  leg: LegClose;
  /** What the broker still holds short of the symbol, after the legs before it in the list. */
  brokerShort: number;
}

/**
 * The legs of a close the broker cannot back: a leg is bought back only while the account is still short at
 * least its quantity of the symbol. A leg the trader closed at the broker by hand (the console still holds
 * it) would otherwise be bought once more, leaving a position nobody asked for. Legs are taken in order, each
 * using up what it buys back, so two strategies holding one symbol share what the broker holds.
 */
export function legsTheBrokerDoesNotHold(legs: readonly LegClose[], holdings: readonly BrokerHolding[]): UnheldLeg[] {
  const short = new Map<string, number>();
  const key = (exchange: string, symbol: string) => `${exchange}:${symbol}`;
  for (const h of holdings) {
    const k = key(h.exchange, h.tradingsymbol);
    short.set(k, (short.get(k) ?? 0) - h.quantity);
  }
  const unheld: UnheldLeg[] = [];
  for (const leg of legs) {
    const k = key(leg.exchange, leg.tradingSymbol);
    const brokerShort = Math.max(0, short.get(k) ?? 0);
    if (brokerShort >= leg.quantity) short.set(k, brokerShort - leg.quantity);
    else unheld.push({ leg, brokerShort });
  }
  return unheld;
}

/** How the strategy's row words a close that was not sent: what differs, and what the trader can do in `broker`. */
export function unheldReason({ leg, brokerShort }: UnheldLeg, broker: string): string {
  const held = brokerShort === 0 ? 'no short' : `only ${brokerShort} short`;
  // A leg bought back in part (a lowered lot count) needs only that part at the broker.
  const needed =
    leg.heldQuantity === undefined
      ? `the ${leg.quantity} this strategy sold`
      : `the ${leg.quantity} this strategy buys back of the ${leg.heldQuantity} it sold`;
  return (
    `not bought back: the broker holds ${held} of ${leg.tradingSymbol}, not ${needed} ` +
    `(closed at the broker by hand?); nothing was sent, so no position was opened. Bought back in ${broker}? Match ` +
    'the broker from the mismatch banner (it shows both sides), then exit again'
  );
}
