import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KiteTrade } from '../../protocols/kite-rest-client.js';
import { bookOf, unrealizedPaise, type LedgerFill } from '../ledger/ledger.logic.js';
import {
  averageFill,
  averageNote,
  exactPaise,
  fillsFromTrades,
  valueOf,
  type TradeFill,
} from './broker-trades.logic.js';

/*
 * Issue 28: a live order is booked as the broker's trades, so the account's position value equals the
 * broker's to the paisa after any sequence of orders, however many price levels each filled at.
 */

/** A trade as it crosses the wire: rupees as a JSON number, parsed back as a client reads it. */
const wireTrade = (orderId: string, tradeId: number, quantity: number, pricePaise: number): KiteTrade =>
  JSON.parse(
    JSON.stringify({ trade_id: String(tradeId), order_id: orderId, quantity, average_price: pricePaise / 100 }),
  ) as KiteTrade;

describe('an order filled at two price levels', () => {
  // 50 at ₹80.45 and 50 at ₹80.50: the broker's value ₹8,047.50, its average ₹80.475.
  const order = { order_id: '1', filled_quantity: 100, average_price: 80.475 };
  const trades = [wireTrade('1', 11, 50, 8045), wireTrade('1', 12, 50, 8050)];

  it("is booked as its two trades, worth the broker's value to the paisa", () => {
    const fills = fillsFromTrades(order, trades);
    expect(fills).toEqual([
      { tradeId: '11', quantity: 50, pricePaise: 8045 },
      { tradeId: '12', quantity: 50, pricePaise: 8050 },
    ]);
    expect(valueOf(fills as TradeFill[])).toBe(804_750);
  });

  it('at its average rounded to the paisa it would be ₹0.50 off, which the note says may happen', () => {
    const fill = averageFill(order);
    expect(valueOf([fill])).toBe(804_800);
    expect(averageNote(fill, 'its trades could not be read (the broker did not answer)')).toBe(
      "booked at the order's average price ₹80.48, not per trade: its trades could not be read (the broker did " +
        "not answer). Its value may differ from the broker's by up to ₹0.50",
    );
  });
});

describe('trades that cannot be booked as they are', () => {
  const order = { order_id: '7', filled_quantity: 130 };

  it('are refused while they do not add up to what filled (not all reported yet)', () => {
    expect(fillsFromTrades(order, [wireTrade('7', 1, 65, 10_000)])).toBe(
      'the broker lists trades for 65 of the 130 filled',
    );
    expect(fillsFromTrades(order, [])).toBe('the broker lists trades for 0 of the 130 filled');
  });

  it('are refused when a trade is listed twice or priced finer than a paisa', () => {
    const twice = [wireTrade('7', 1, 65, 10_000), wireTrade('7', 1, 65, 10_000)];
    expect(fillsFromTrades(order, twice)).toBe('the broker lists trade 1 twice');
    const fine = [wireTrade('7', 1, 65, 10_000), { ...wireTrade('7', 2, 65, 0), average_price: 72.755 }];
    expect(fillsFromTrades(order, fine)).toBe('trade 2 is priced finer than a paisa (₹72.755)');
  });

  it("leave out another order's trades", () => {
    const mixed = [wireTrade('7', 1, 65, 10_000), wireTrade('8', 2, 65, 9_000), wireTrade('7', 3, 65, 10_005)];
    expect(fillsFromTrades(order, mixed)).toEqual([
      { tradeId: '1', quantity: 65, pricePaise: 10_000 },
      { tradeId: '3', quantity: 65, pricePaise: 10_005 },
    ]);
  });
});

describe('exactPaise', () => {
  it('reads every premium on the 5-paise tick exactly, whatever float the wire gives', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000_000 }), (ticks) => {
        const paise = ticks * 5;
        expect(exactPaise(JSON.parse(JSON.stringify(paise / 100)) as number)).toBe(paise);
      }),
    );
  });
});

/** One order as the broker fills it: a side and the levels it took (quantity at a price on the tick). */
const orderArb = fc.record({
  symbol: fc.constantFrom('NIFTY2612024500CE', 'NIFTY2612024300PE', 'NIFTY2612024600CE'),
  side: fc.constantFrom('BUY' as const, 'SELL' as const),
  levels: fc.array(fc.record({ lots: fc.integer({ min: 1, max: 20 }), ticks: fc.integer({ min: 1, max: 100_000 }) }), {
    minLength: 1,
    maxLength: 5,
  }),
});
const LOT = 65;

describe('any sequence of orders filled at several price levels', () => {
  it("books fills whose value, quantity and P&L per symbol equal the broker's position to the paisa", () => {
    fc.assert(
      fc.property(
        fc.array(orderArb, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 100_000 }),
        (orders, markTicks) => {
          // The broker's side: Kite's positions (buy/sell quantity and value per symbol), in paise.
          const broker = new Map<string, { buyQty: number; buyValue: number; sellQty: number; sellValue: number }>();
          const booked: LedgerFill[] = [];
          let tradeId = 10_000_000;
          for (const [n, o] of orders.entries()) {
            const orderId = String(n + 1);
            const trades = o.levels.map((l) => wireTrade(orderId, ++tradeId, l.lots * LOT, l.ticks * 5));
            const position = broker.get(o.symbol) ?? { buyQty: 0, buyValue: 0, sellQty: 0, sellValue: 0 };
            for (const l of o.levels) {
              const [units, value] = [l.lots * LOT, l.lots * LOT * l.ticks * 5];
              if (o.side === 'BUY')
                Object.assign(position, { buyQty: position.buyQty + units, buyValue: position.buyValue + value });
              else
                Object.assign(position, { sellQty: position.sellQty + units, sellValue: position.sellValue + value });
            }
            broker.set(o.symbol, position);
            const filled = trades.reduce((sum, t) => sum + t.quantity, 0);
            const fills = fillsFromTrades({ order_id: orderId, filled_quantity: filled }, trades);
            if (typeof fills === 'string') throw new Error(fills);
            // Our side: fills signed as SPEC's transactions (+ sold, − bought), in the ledger's FIFO book.
            for (const f of fills) {
              const quantity = o.side === 'SELL' ? f.quantity : -f.quantity;
              booked.push({ tradingSymbol: o.symbol, quantity, pricePaise: f.pricePaise, at: n });
            }
          }
          const mark = markTicks * 5;
          const book = bookOf(booked);
          for (const [symbol, p] of broker) {
            const ours = booked.filter((f) => f.tradingSymbol === symbol);
            // Kite's `value` (sell value − buy value) and net quantity (long > 0: the opposite of our sign).
            expect(ours.reduce((sum, f) => sum + f.quantity * f.pricePaise, 0)).toBe(p.sellValue - p.buyValue);
            expect(ours.reduce((sum, f) => sum + f.quantity, 0)).toBe(p.sellQty - p.buyQty);
            // Kite's P&L at a mark (value + quantity × last) is our realized plus unrealized.
            const s = book.symbols.get(symbol);
            const ourPnl = (s?.realizedPaise ?? 0) + unrealizedPaise(s?.openLots ?? [], mark);
            expect(ourPnl).toBe(p.sellValue - p.buyValue + (p.buyQty - p.sellQty) * mark);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
