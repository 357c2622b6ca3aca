import { toPaise } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chargesForFill, NO_CHARGES, scheduleAt, sumCharges, type Charges } from './charges.logic.js';
import {
  chargesByOwner,
  contractNote,
  dayNotes,
  shareOut,
  type ClientFill,
  type NoteFill,
} from './contract-note.logic.js';

const ist = (local: string) => Date.parse(`${local}+05:30`);
const paise = (rupees: string) => toPaise(Number(rupees));
const parts = (c: Charges) => [c.brokeragePaise, c.sttPaise, c.exchangePaise, c.sebiPaise, c.stampPaise, c.gstPaise];

/** A Tuesday, NIFTY's weekly expiry; rates from 2026-04-01 (STT 0.15% on premium and on exercise). */
const DAY = '2026-05-05';
const at = (time: string) => ist(`${DAY}T${time}`);
const RATES = scheduleAt(at('09:15:00'));
/** Two NIFTY lots of 65. */
const QTY = 130;

type Row = [time: string, symbol: string, quantity: number, price: string, orderId: number | null];
const fill = ([time, tradingSymbol, quantity, price, orderId]: Row, owner = 'rdx'): NoteFill => ({
  owner,
  tradingSymbol,
  quantity,
  pricePaise: paise(price),
  at: at(time),
  orderId,
});
const settlement = (symbol: string, quantity: number, price: string, owner = 'rdx'): NoteFill => ({
  ...fill(['15:30:00', symbol, quantity, price, null], owner),
  kind: 'settlement',
});

describe("a day's contract note for one RDX account, worked by hand", () => {
  // The strategy sells a strangle at the open, rolls the call up at 11:15 (buys it back, sells a higher strike),
  // rolls it back down at 13:45, re-selling the 24300 call it sold at 09:30, and holds both legs into the expiry
  // at 15:30, when NIFTY settles at 24,262.40. The 09:30 call order filled in two trades at two prices.
  const trades: Row[] = [
    ['09:30:01', 'NIFTY2650524300CE', 80, '112.40', 101], // one order, two trades
    ['09:30:01', 'NIFTY2650524300CE', 50, '112.35', 101],
    ['09:30:02', 'NIFTY2650524300PE', QTY, '98.15', 102],
    ['11:15:01', 'NIFTY2650524300CE', -QTY, '140.60', 103], // the buy-back
    ['11:15:02', 'NIFTY2650524500CE', QTY, '71.25', 104],
    ['13:45:01', 'NIFTY2650524500CE', -QTY, '40.10', 105],
    ['13:45:02', 'NIFTY2650524300CE', QTY, '95.15', 106], // the same strike sold again
  ];
  const fills: NoteFill[] = [
    ...trades.map((r) => fill(r)),
    // Expiry: the 24300 call is out of the money (₹0), the 24300 put in it by 24,300 − 24,262.40 = ₹37.60.
    settlement('NIFTY2650524300CE', -QTY, '0'),
    settlement('NIFTY2650524300PE', -QTY, '37.60'),
  ];

  it('matches the note to the paisa', () => {
    // Premium sold, per contract (STT is rounded once per contract for the day):
    //   24300CE  80 × 112.40 + 50 × 112.35 = 8,992.00 + 5,617.50 = 14,609.50; 130 × 95.15 = 12,369.50
    //            = 26,979.00 × 0.15% = ₹40.4685                                      → ₹40
    //   24300PE  130 × 98.15 = 12,759.50 × 0.15% = ₹19.13925                          → ₹19
    //   24500CE  130 × 71.25 =  9,262.50 × 0.15% = ₹13.89375                          → ₹14
    //   STT                                                                           ₹73.00
    //   (The orders apart would pay ₹22 + ₹19 on the call: ₹74; the fills apart ₹13 + ₹8 + ₹19: ₹73 by luck.)
    // Premium bought: 130 × 140.60 + 130 × 40.10 = 18,278.00 + 5,213.00 = 23,491.00
    // Turnover: 26,979.00 + 12,759.50 + 9,262.50 + 23,491.00 = 72,492.00
    //   Exchange + IPFT 0.03553% × 72,492.00 = ₹25.7564076                          → ₹25.76
    //   SEBI 0.0001% × 72,492.00 = ₹0.072492                                        → ₹0.07
    //   Stamp 0.003% × 23,491.00 = ₹0.70473, to the rupee                           → ₹1.00
    // Brokerage: 6 executed orders (101 is one order in two trades) + the 24300PE assigned in the money
    //   = 7 × ₹20; the call expiring worthless costs nothing                         ₹140.00
    // GST 18% × (140.00 + 25.76 + 0.07) = 18% × 165.83 = ₹29.8494                   → ₹29.85
    // Total 140.00 + 73.00 + 25.76 + 0.07 + 1.00 + 29.85                             ₹269.68
    const note = contractNote(fills, RATES);
    expect(note.charges).toEqual({
      brokeragePaise: 14_000,
      sttPaise: 7_300,
      exchangePaise: 2_576,
      sebiPaise: 7,
      stampPaise: 100,
      gstPaise: 2_985,
      totalPaise: 26_968,
    });
    // One strategy: its share is the note.
    expect(note.shares).toEqual(new Map([['rdx', note.charges]]));
  });

  it('differs from charging each fill alone, which is why positions show the note', () => {
    const alone = sumCharges(fills.map((f) => chargesForFill(f)));
    // Fill by fill: 8 brokerages (order 101 twice), exchange rounded 7 times (₹25.74), SEBI 7 times (₹0.08: the
    // ₹18,278 buy-back's ₹0.018 rounds up), stamp on the buy-back alone (₹0.548 → ₹1, ₹0.156 → ₹0), GST on
    // each: ₹293.26 against the note's ₹269.68.
    expect(alone).toEqual({
      brokeragePaise: 16_000,
      sttPaise: 7_300,
      exchangePaise: 2_574,
      sebiPaise: 8,
      stampPaise: 100,
      gstPaise: 3_344,
      totalPaise: 29_326,
    });
  });

  it('shares a note between two strategies on the account so that their parts add up to it', () => {
    // A second strategy sells one lot of the same 24300 call at 10:00 and buys it back at 14:00.
    const other: NoteFill[] = [
      fill(['10:00:00', 'NIFTY2650524300CE', 65, '120.00', 201], 'rdx-2'),
      fill(['14:00:00', 'NIFTY2650524300CE', -65, '90.00', 202], 'rdx-2'),
    ];
    const note = contractNote([...fills, ...other], RATES);
    // 24300CE sold by the account: 26,979.00 + 7,800.00 = 34,779.00 × 0.15% = ₹52.1685 → ₹52, shared
    // 26,979 : 7,800: rdx 5,200 × 26,979 / 34,779 = 4,033.77… → 4,033 + the largest remainder's paisa = ₹40.34,
    // rdx-2 1,166.23… → ₹11.66. Turnover 72,492.00 + 7,800.00 + 5,850.00 = 86,142.00.
    const a = note.shares.get('rdx')!;
    const b = note.shares.get('rdx-2')!;
    for (const [i, total] of parts(note.charges).entries()) expect(parts(a)[i]! + parts(b)[i]!).toBe(total);
    expect(a.totalPaise + b.totalPaise).toBe(note.charges.totalPaise);
    expect(note.charges.sttPaise).toBe(5_200 + 1_900 + 1_400);
    expect([a.sttPaise, b.sttPaise]).toEqual([4_034 + 1_900 + 1_400, 1_166]);
    expect(b.brokeragePaise).toBe(4_000);
  });
});

describe('the note of other days and clients', () => {
  it('a long leg exercised in the money pays STT on its intrinsic value; the shorts assigned pay none', () => {
    // Bought 65 of the 24200 call earlier; at expiry it is ₹62.40 in the money: intrinsic 65 × 62.40 = 4,056.00.
    // STT 0.15% × 4,056.00 = ₹6.084 → ₹6; brokerage ₹20; GST 18% × 20 = ₹3.60. Total ₹29.60.
    const note = contractNote([settlement('NIFTY2650524200CE', 65, '62.40')], RATES);
    expect(note.charges).toEqual({
      ...NO_CHARGES,
      brokeragePaise: 2000,
      sttPaise: 600,
      gstPaise: 360,
      totalPaise: 2960,
    });
  });

  it('a day of buys pays stamp duty on their sum, rounded to the rupee once', () => {
    // Three buys of ₹6,000 each: 0.003% is ₹0.18 each (₹0 apart) and ₹0.54 together → ₹1.
    const buys = [1, 2, 3].map((i) => fill([`1${i}:00:00`, `S${i}`, -60, '100.00', i]));
    expect(contractNote(buys, RATES).charges.stampPaise).toBe(100);
    expect(sumCharges(buys.map((f) => chargesForFill(f))).stampPaise).toBe(0);
  });

  it('one note per client and IST day, each at its own day’s rates, and today’s open until midnight', () => {
    const rows: ClientFill[] = [
      { ...fill(['10:00:00', 'A', 65, '100.00', 1]), client: 'live:7' },
      { ...fill(['10:00:00', 'A', 65, '100.00', 2]), client: 'paper:7' },
      { ...fill(['10:00:00', 'A', 65, '100.00', 3]), client: 'live:7', at: ist('2026-03-31T23:59:00') },
    ];
    const notes = dayNotes(rows);
    expect(notes).toHaveLength(3);
    // 31 March: STT 0.1% × 6,500 = ₹6.50 → ₹7; from 1 April 0.15% → ₹9.75 → ₹10.
    expect(notes.map((n) => n.charges.sttPaise).sort()).toEqual([1000, 1000, 700]);
    const byOwner = chargesByOwner(notes, at('16:00:00'));
    const rdx = byOwner.get('rdx')!;
    expect(rdx.all.totalPaise).toBe(notes.reduce((s, n) => s + n.charges.totalPaise, 0));
    expect(rdx.today.sttPaise).toBe(2000);
    expect(rdx.isFinal).toBe(false);
    // The next day the 5 May notes are final.
    expect(chargesByOwner(notes, ist('2026-05-06T00:00:00')).get('rdx')!.isFinal).toBe(true);
  });
});

describe('shareOut', () => {
  it('gives the paise left over to the largest remainders, ties to the first key', () => {
    expect(
      shareOut(
        10n,
        new Map([
          ['b', 1n],
          ['a', 1n],
          ['c', 1n],
        ]),
      ),
    ).toEqual(
      new Map([
        ['a', 4n],
        ['b', 3n],
        ['c', 3n],
      ]),
    );
    expect(shareOut(700n, new Map([['x', 6_500n]]))).toEqual(new Map([['x', 700n]]));
    expect(shareOut(0n, new Map([['x', 1n]]))).toEqual(new Map());
  });
});

describe('properties', () => {
  const RUNS = { seed: 28, numRuns: 300 };
  const SYMBOLS = ['NIFTY2650524300CE', 'NIFTY2650524300PE', 'NIFTY2650524500CE'];
  const fillArb: fc.Arbitrary<NoteFill> = fc
    .record({
      owner: fc.constantFrom('a', 'b', 'c'),
      tradingSymbol: fc.constantFrom(...SYMBOLS),
      quantity: fc.integer({ min: -1_800, max: 1_800 }),
      pricePaise: fc.integer({ min: 0, max: 50_000 }),
      at: fc.integer({ min: at('09:15:00'), max: at('15:29:59') }),
      kind: fc.constantFrom<'trade' | 'settlement'>('trade', 'trade', 'trade', 'settlement'),
      orderId: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
    })
    // A broker order is one strategy's: its id says whose.
    .map((f) => ({ ...f, orderId: f.orderId === null ? null : f.orderId * 10 + f.owner.charCodeAt(0) }));
  const dayArb = fc.array(fillArb, { maxLength: 25 });

  it("a note's total is the sum of its lines, and the owners' shares add up to each line", () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const note = contractNote(day, RATES);
        const c = note.charges;
        expect(c.totalPaise).toBe(parts(c).reduce((x, y) => x + y, 0));
        for (const p of parts(c)) expect(Number.isSafeInteger(p) && p >= 0).toBe(true);
        expect(c.sttPaise % 100).toBe(0);
        expect(c.stampPaise % 100).toBe(0);
        expect(sumCharges([...note.shares.values()])).toEqual(c);
      }),
      RUNS,
    );
  });

  it('does not depend on the order of the fills', () => {
    fc.assert(
      fc.property(
        dayArb.chain((day) => fc.tuple(fc.constant(day), fc.shuffledSubarray(day, { minLength: day.length }))),
        ([day, shuffled]) => {
          expect(contractNote(shuffled, RATES)).toEqual(contractNote(day, RATES));
        },
      ),
      RUNS,
    );
  });

  it('one order alone is charged as chargesForFill estimates it', () => {
    fc.assert(
      fc.property(fillArb, (f) => {
        expect(contractNote([f], RATES).charges).toEqual(chargesForFill(f));
      }),
      RUNS,
    );
  });

  it('a paper order that took several depth levels pays one brokerage, as a live order split into trades does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 900 }), fc.integer({ min: 5, max: 50_000 })), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 1, max: 4 }),
        (levels, orders) => {
          // `orders` paper orders of one strategy at one instant, each taking every level: one brokerage each.
          const rows = Array.from({ length: orders }, (_, n) =>
            levels.map(([q, p]): NoteFill => ({
              owner: 'a',
              mappingId: 7,
              tradingSymbol: 'X',
              quantity: q,
              pricePaise: p,
              at: at('10:00:00'),
              orderId: null,
              paperOrder: n + 1,
            })),
          ).flat();
          expect(contractNote(rows, RATES).charges.brokeragePaise).toBe(orders * RATES.brokeragePerOrderPaise);
          // Another strategy's order numbered the same is an order of its own.
          const other = rows.map((r) => ({ ...r, mappingId: 8 }));
          expect(contractNote([...rows, ...other], RATES).charges.brokeragePaise).toBe(
            2 * orders * RATES.brokeragePerOrderPaise,
          );
        },
      ),
      RUNS,
    );
  });

  it('an order split into trades pays one brokerage, and never more than its fills charged alone', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 900 }), fc.integer({ min: 5, max: 50_000 })), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.boolean(),
        (trades, isSell) => {
          const rows = trades.map(([q, p], i): NoteFill => ({
            owner: 'a',
            tradingSymbol: 'X',
            quantity: isSell ? q : -q,
            pricePaise: p,
            at: at('10:00:00') + i,
            orderId: 9,
          }));
          const note = contractNote(rows, RATES).charges;
          expect(note.brokeragePaise).toBe(RATES.brokeragePerOrderPaise);
          const alone = sumCharges(rows.map((r) => chargesForFill(r)));
          expect(note.totalPaise).toBeLessThanOrEqual(alone.totalPaise);
        },
      ),
      RUNS,
    );
  });
});
