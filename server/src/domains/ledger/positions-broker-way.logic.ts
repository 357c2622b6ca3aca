import { divideRoundHalfAway, type LedgerFill } from './ledger.logic.js';

/*
 * The broker's way (issue 28): the figures Kite's positions screen shows, computed from the same fills as the
 * console's FIFO book, so a trader can hold the console against Kite. docs/LEDGER.md, "The broker's way".
 * Money in integer paise; quantity signed as SPEC's transactions (> 0 sold, short).
 *
 * - Average price: Kite's positions carry one `average_price` per position, the weighted average of what is
 *   held (Kite Connect v3 docs, "Portfolio › Positions"; Zerodha support, "Why is there profit in the
 *   positions tab on Kite despite a higher buy average than the LTP?"). Closing part of a position realizes
 *   against that average and leaves it unchanged; adding to it moves it; a reversal starts afresh.
 * - Day P&L (Kite's `m2m`): from the previous day's close for what was held overnight, and from the trade
 *   price for today's trades (Zerodha Trading Q&A, "Day's pnl is pnl from yesterday close to last traded
 *   price", t/111513; the `buy_m2m`/`sell_m2m` of Kite's positions mock, kiteconnect-mocks positions.json,
 *   value the overnight quantity at `close_price`: GOLDGUINEA17DECFUT 3 × 23232 + 23388 = 93084).
 */

/** One symbol's average-price state after its fills, and the day's part of them. */
export interface BrokerWaySymbol {
  tradingSymbol: string;
  /** Signed open quantity (same as the FIFO book's). */
  netQuantity: number;
  /** Σ signed quantity × price of what is held, at its average: average price = cost / net quantity. */
  costPaise: number;
  /** Average-price realized P&L, all time. */
  realizedPaise: number;
  /** Signed quantity held at the day's start (Kite's `overnight_quantity`, in SPEC's sign). */
  overnightQuantity: number;
  /** Σ quantity × price of the day's fills (cash in for sells, out for buys). */
  dayCashPaise: number;
}

interface Running {
  net: number;
  cost: number;
  realized: number;
  overnight: number;
  dayCash: number;
}

/**
 * Applies one fill at the average price. Closing `units` (signed like the position) of `net` takes their share
 * of the cost, rounded to the paisa (half away from zero), and realizes that share less what closing them at
 * the fill's price costs. Closing all of it takes the whole cost, so no rounding is left behind.
 */
function apply(r: Running, quantity: number, pricePaise: number) {
  let rest = quantity;
  if (r.net !== 0 && Math.sign(rest) !== Math.sign(r.net)) {
    const units = Math.abs(rest) >= Math.abs(r.net) ? r.net : -rest;
    const share = units === r.net ? r.cost : divideRoundHalfAway(r.cost * Math.abs(units), Math.abs(r.net));
    r.realized += share - units * pricePaise;
    r.cost -= share;
    r.net -= units;
    rest += units;
  }
  if (rest !== 0) {
    r.cost += rest * pricePaise;
    r.net += rest;
  }
}

/** Each symbol's average-price state over fills in the order given (oldest first); `dayStart` is IST midnight. */
export function brokerBookOf(fills: readonly LedgerFill[], dayStart: number): Map<string, BrokerWaySymbol> {
  const running = new Map<string, Running>();
  for (const f of fills) {
    if (f.quantity === 0) continue;
    let r = running.get(f.tradingSymbol);
    if (!r) {
      r = { net: 0, cost: 0, realized: 0, overnight: 0, dayCash: 0 };
      running.set(f.tradingSymbol, r);
    }
    if (f.at < dayStart) r.overnight += f.quantity;
    else r.dayCash += f.quantity * f.pricePaise;
    apply(r, f.quantity, f.pricePaise);
  }
  const out = new Map<string, BrokerWaySymbol>();
  for (const [tradingSymbol, r] of running) {
    out.set(tradingSymbol, {
      tradingSymbol,
      netQuantity: r.net,
      costPaise: r.cost,
      realizedPaise: r.realized,
      overnightQuantity: r.overnight,
      dayCashPaise: r.dayCash,
    });
  }
  return out;
}

/** The average price of what is held, to the paisa (0 when flat). */
export const brokerAveragePaise = (s: BrokerWaySymbol) =>
  s.netQuantity === 0 ? 0 : divideRoundHalfAway(Math.abs(s.costPaise), Math.abs(s.netQuantity));

/** Average-price unrealized at `lastPaise`: what is held against its average (a short gains as the price falls). */
export const brokerUnrealizedPaise = (s: BrokerWaySymbol, lastPaise: number) => s.costPaise - s.netQuantity * lastPaise;

/**
 * Kite's day P&L of a symbol: the day's trades at their prices, what was held overnight from the previous close,
 * and what is held now at the last price. Null when something was held overnight and its previous close is not
 * known: the figure would silently be another one. A symbol opened today needs no close (its day P&L is its P&L).
 */
export function brokerDayPnlPaise(
  s: BrokerWaySymbol,
  lastPaise: number,
  previousClosePaise: number | null,
): number | null {
  if (s.overnightQuantity !== 0 && previousClosePaise === null) return null;
  const overnight = s.overnightQuantity === 0 ? 0 : s.overnightQuantity * (previousClosePaise ?? 0);
  return s.dayCashPaise + overnight - s.netQuantity * lastPaise;
}
