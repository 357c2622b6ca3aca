import { istMidnight } from '@app/contract';

/**
 * Kite's order book holds the day's orders only ("all orders … for the day"; earlier sessions' are no longer
 * found). A pending order of an earlier day that the book no longer lists may have filled or not: nothing the
 * broker still says can tell, so it stays pending (the strategy waits, its legs are neither traded nor
 * settled on a guess) and the row tells the trader to check the account. Pure; used by the executor.
 */

/** Whether the broker's order book has been cleared since `placedAt` (a new IST day began). */
export const isPastItsOrderBook = (placedAt: number, now: number): boolean => placedAt < istMidnight(now);

const DATE = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short' });

/** How a strategy's row names such an order (it is listed among those it waits for); `broker` is its label. */
export function goneFromOrderBook(
  o: { side: string; quantity: number; tradingSymbol: string; createdAt: number },
  broker: string,
) {
  return (
    `${o.side} ${o.quantity} ${o.tradingSymbol} (sent on ${DATE.format(o.createdAt)} and no longer in the broker's ` +
    `order book, so whether it filled is unknown: check the ${broker} account, then settle it on the strategy's row)`
  );
}
