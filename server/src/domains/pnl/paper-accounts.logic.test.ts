import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookKey, settleAll } from '../ledger/positions.logic.js';
import { paperAccountBooks } from './paper-accounts.logic.js';
import type { DailyFill } from './pnl-daily.logic.js';

/*
 * A Paper account's booked figure (issue 32 item 3) is the sum of its paper strategies' realized P&L less
 * charges as /positions shows them (settleAll), to the paisa, whatever the fills; a live strategy on the same
 * account and strategies on other accounts count nowhere else.
 */

const DAY_MS = 86_400_000;
const MON = Date.parse('2026-11-22T18:30:00Z');
/** Strategies 1 and 2 paper on account 10, 3 paper on account 11, 4 live on account 10, 5 paper on no account. */
const books = [
  { id: 1, strategyName: 'RDX', isDummy: 1, userBrokerId: 10 },
  { id: 2, strategyName: 'RDX', isDummy: 1, userBrokerId: 10 },
  { id: 3, strategyName: 'RDX', isDummy: 1, userBrokerId: 11 },
  { id: 4, strategyName: 'RDX', isDummy: 0, userBrokerId: 10 },
  { id: 5, strategyName: 'RDX', isDummy: 1, userBrokerId: null },
];

interface FillDraft {
  mappingId: number | null;
  symbol: string;
  quantity: number;
  pricePaise: number;
  offset: number;
}

const fillArb = fc.record({
  mappingId: fc.constantFrom<number | null>(1, 2, 3, 4, 5, null),
  symbol: fc.constantFrom('NIFTY25D0924500CE', 'NIFTY25D0924500PE'),
  quantity: fc.integer({ min: -195, max: 195 }),
  pricePaise: fc.integer({ min: 5, max: 40_000 }),
  offset: fc.integer({ min: 0, max: 6 * DAY_MS }),
});

function toFill(f: FillDraft): DailyFill {
  const book = books.find((b) => b.id === f.mappingId);
  const isDummy = book?.isDummy ?? 1;
  return {
    userId: 7,
    mappingId: f.mappingId,
    strategyName: 'RDX',
    tradingSymbol: f.symbol,
    quantity: f.quantity,
    pricePaise: f.pricePaise,
    at: MON + f.offset,
    kind: 'trade',
    isDummy,
    orderId: null,
    paperOrder: null,
    userBrokerId: book?.userBrokerId ?? null,
    mappingIsDummy: book?.isDummy ?? null,
    brokerKind: null,
  };
}

describe('paperAccountBooks', () => {
  it("is each account's paper strategies' realized P&L less charges", () => {
    fc.assert(
      fc.property(fc.array(fillArb, { maxLength: 40 }), (drafts) => {
        const fills = drafts.map((d) => toFill(d)).sort((a, b) => a.at - b.at);
        const settled = settleAll(fills, books, MON + 30 * DAY_MS);
        const got = paperAccountBooks(fills, books);
        expect([...got.keys()].sort()).toEqual([10, 11]);
        for (const account of [10, 11]) {
          const mine = books.filter((b) => b.isDummy === 1 && b.userBrokerId === account);
          const booked = mine.reduce((sum, b) => {
            const s = settled.get(bookKey(b.id, b.isDummy))!;
            return sum + s.book.realizedPaise - s.charges.totalPaise;
          }, 0);
          expect(got.get(account)).toEqual({ bookedPaise: booked });
        }
      }),
    );
  });

  it('is nothing booked for an account whose strategies have not traded', () => {
    expect(paperAccountBooks([], books)).toEqual(
      new Map([
        [10, { bookedPaise: 0 }],
        [11, { bookedPaise: 0 }],
      ]),
    );
  });
});
