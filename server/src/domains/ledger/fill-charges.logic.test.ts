import { istMidnight } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumCharges, NO_CHARGES, type Charges } from './charges.logic.js';
import { chargesByOwner, dayNotes } from './contract-note.logic.js';
import { chargesPerFill, type IdentifiedFill } from './fill-charges.logic.js';

const ist = (local: string) => Date.parse(`${local}+05:30`);
const SYMBOLS = ['NIFTY2650524300CE', 'NIFTY2650524300PE', 'NIFTY2650524500CE'];
const RUNS = { seed: 32, numRuns: 300 };

/** Fills of two accounts over two IST days, three strategies (owners), ids in order. */
const fillsArb: fc.Arbitrary<IdentifiedFill[]> = fc
  .array(
    fc.record({
      owner: fc.constantFrom('1:0', '2:0', '3:1'),
      client: fc.constantFrom('live:7', 'live:8'),
      tradingSymbol: fc.constantFrom(...SYMBOLS),
      quantity: fc.integer({ min: -1_800, max: 1_800 }),
      pricePaise: fc.integer({ min: 0, max: 50_000 }),
      at: fc.constantFrom(ist('2026-05-04T09:20:00'), ist('2026-05-04T15:10:00'), ist('2026-05-05T10:00:00')),
      kind: fc.constantFrom<'trade' | 'settlement'>('trade', 'trade', 'trade', 'settlement'),
      orderId: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
    }),
    { maxLength: 30 },
  )
  // A broker order is one strategy's (its id says whose); ids are the transactions'.
  .map((fills) =>
    fills.map((f, i) => ({
      ...f,
      id: i + 1,
      orderId: f.orderId === null ? null : f.orderId * 10 + f.owner.charCodeAt(0),
    })),
  );

const sumOf = (list: Array<Charges | undefined>) => sumCharges(list.map((c) => c ?? NO_CHARGES));

describe('chargesPerFill', () => {
  it("adds up to each strategy's charges as the positions screens show them, line by line", () => {
    fc.assert(
      fc.property(fillsArb, (fills) => {
        const perFill = chargesPerFill(fills);
        const byOwner = chargesByOwner(dayNotes(fills), Date.now());
        for (const [owner, charges] of byOwner) {
          expect(sumOf(fills.filter((f) => f.owner === owner).map((f) => perFill.get(f.id)))).toEqual(charges.all);
        }
        expect(perFill.size).toBe(fills.length);
      }),
      RUNS,
    );
  });

  it("adds up to each account's day's contract note, and charges nothing negative", () => {
    fc.assert(
      fc.property(fillsArb, (fills) => {
        const perFill = chargesPerFill(fills);
        for (const note of dayNotes(fills)) {
          const onNote = fills.filter((f) => f.client === note.client && istMidnight(f.at) === note.dayStart);
          expect(sumOf(onNote.map((f) => perFill.get(f.id)))).toEqual(note.charges);
        }
        for (const c of perFill.values()) expect(Object.values(c).every((p) => p >= 0)).toBe(true);
      }),
      RUNS,
    );
  });

  it('gives an order its brokerage once, on its first fill', () => {
    const at = ist('2026-05-04T09:20:00');
    const trade = { owner: '1:0', client: 'live:7', tradingSymbol: SYMBOLS[0]!, pricePaise: 10_000, at };
    const perFill = chargesPerFill([
      { ...trade, id: 1, quantity: 65, orderId: 5 },
      { ...trade, id: 2, quantity: 65, orderId: 5 },
    ]);
    expect(perFill.get(1)?.brokeragePaise).toBeGreaterThan(0);
    expect(perFill.get(2)?.brokeragePaise).toBe(0);
    // Equal trades share what is charged on premium to within the paisa a rounding leaves.
    expect(Math.abs(perFill.get(1)!.exchangePaise - perFill.get(2)!.exchangePaise)).toBeLessThanOrEqual(1);
  });
});
