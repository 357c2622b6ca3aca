import { describe, expect, it } from 'vitest';
import { goneFromOrderBook, isPastItsOrderBook } from './order-book-day.js';

describe("an order past Kite's day order book", () => {
  const lateEvening = Date.UTC(2026, 10, 25, 18, 29, 59); // 23:59:59 IST on 25 Nov

  it('is one sent on an earlier IST day, whatever the UTC date says', () => {
    expect(isPastItsOrderBook(lateEvening, lateEvening + 1_000)).toBe(true); // 00:00:00 IST on 26 Nov
    expect(isPastItsOrderBook(Date.UTC(2026, 10, 25, 4, 0), lateEvening)).toBe(false); // same IST day
    // 02:00 UTC on the 26th is 07:30 IST on the 26th; 20:00 UTC on the 25th was already the 26th in IST.
    expect(isPastItsOrderBook(Date.UTC(2026, 10, 25, 20, 0), Date.UTC(2026, 10, 26, 2, 0))).toBe(false);
  });

  it('is named on the row with its IST date and what the trader should do', () => {
    const text = goneFromOrderBook(
      {
        side: 'BUY',
        quantity: 65,
        tradingSymbol: 'NIFTY26DEC24600CE',
        createdAt: lateEvening,
      },
      'Kite',
    );
    expect(text).toBe(
      "BUY 65 NIFTY26DEC24600CE (sent on 25 Nov and no longer in the broker's order book, so whether it filled " +
        "is unknown: check the Kite account, then settle it on the strategy's row)",
    );
  });
});
