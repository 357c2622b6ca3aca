import { exactPaise, groupedRupeesText, toPaise } from '@app/contract';
import type { BrokerOrder, BrokerTrade } from '../brokers/broker-port.js';

/*
 * A live order is booked as the broker books it (issue 28): one fill per trade, at the trade's own price. An
 * order's average is no price anyone traded at: 100 units filled at ₹80.45 and ₹80.50 average ₹80.475, and
 * booking them at ₹80.48 puts the position ₹0.50 off the broker's. Pure: the executor reads the trades.
 */

/** A fill to book for a broker order: one trade of it (`tradeId`), or its average when no trade could be read. */
export interface TradeFill {
  tradeId: string | null;
  quantity: number;
  pricePaise: number;
}

/**
 * How long an order's fills may wait for its trades to be readable before the order is booked at its average,
 * with a note that says so: while it waits the strategy does not trade (its legs are not known yet), and a
 * strategy must never be stuck behind a broker that keeps failing one call.
 */
export const TRADES_WAIT_MS = 120_000;

/** Rupees as Kite sends them, as exact paise; null for a price finer than a paisa (never an NFO premium). */
export { exactPaise };

/**
 * The fills of an order the broker settled, one per trade at the trade's price, or why the trades cannot be
 * booked as they are: they do not add up to what filled (not all reported yet), a trade is listed twice, or
 * a price is finer than a paisa. Nothing is ever booked at a guessed price.
 */
export function fillsFromTrades(
  order: Pick<BrokerOrder, 'order_id' | 'filled_quantity'>,
  trades: readonly BrokerTrade[],
): TradeFill[] | string {
  const fills: TradeFill[] = [];
  const seen = new Set<string>();
  for (const t of trades) {
    if (t.order_id !== order.order_id) continue;
    if (seen.has(t.trade_id)) return `the broker lists trade ${t.trade_id} twice`;
    seen.add(t.trade_id);
    const pricePaise = exactPaise(t.average_price);
    if (pricePaise === null) return `trade ${t.trade_id} is priced finer than a paisa (₹${t.average_price})`;
    if (!Number.isInteger(t.quantity) || t.quantity <= 0) return `trade ${t.trade_id} has no quantity`;
    fills.push({ tradeId: t.trade_id, quantity: t.quantity, pricePaise });
  }
  const reported = fills.reduce((sum, f) => sum + f.quantity, 0);
  if (reported !== order.filled_quantity) {
    return `the broker lists trades for ${reported} of the ${order.filled_quantity} filled`;
  }
  return fills;
}

/**
 * The one fill of an order booked at its average rounded to the paisa: only when its trades could not be read
 * in time. Rounded on the decimal the broker sent (₹80.475 is 8047.4999… paise as a float: still ₹80.48).
 */
export const averageFill = (order: Pick<BrokerOrder, 'filled_quantity' | 'average_price'>): TradeFill => ({
  tradeId: null,
  quantity: order.filled_quantity,
  pricePaise: toPaise(order.average_price),
});

const rupees = groupedRupeesText;

/** What an order booked at its average says, on its row and in its owner's activity. */
export function averageNote(fill: TradeFill, why: string): string {
  return (
    `booked at the order's average price ₹${rupees(fill.pricePaise)}, not per trade: ${why}. ` +
    `Its value may differ from the broker's by up to ₹${rupees(Math.ceil(fill.quantity / 2))}`
  );
}

/** The value of fills in paise (quantity × price, summed): what the broker's position value is made of. */
export const valueOf = (fills: readonly TradeFill[]) => fills.reduce((sum, f) => sum + f.quantity * f.pricePaise, 0);
