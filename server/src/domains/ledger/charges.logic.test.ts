import { toPaise } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPTION_CHARGE_SCHEDULES, addRates, percent } from './charge-rates.js';
import { chargesForFill, exchangeRate, NO_CHARGES, scheduleAt, sumCharges, type Charges } from './charges.logic.js';

const ist = (local: string) => Date.parse(`${local}+05:30`);
const rupees = (r: number) => toPaise(r);

describe("one order alone on a note, worked by hand (an estimate: the day's note aggregates)", () => {
  // 2026-05-04 (rates from 2026-04-01: STT 0.15%, NSE 0.03503% + IPFT 0.0005% = 0.03553%).
  const day = ist('2026-05-04T10:30:00');
  /** One NIFTY lot (NSE, from the January 2026 expiries). */
  const LOT = 65;

  it('SELL 65 NIFTY CE @ ₹100.00: premium turnover ₹6,500', () => {
    // Brokerage  flat                                                  ₹20.00
    // STT        0.15% × 6,500 = ₹9.75, to the rupee (half up)         ₹10.00
    // Exchange   0.03553% × 6,500 = ₹2.30945, to the paisa             ₹2.31
    // SEBI       0.0001% × 6,500 = ₹0.0065, to the paisa (half up)     ₹0.01
    // Stamp      sell side: none                                        ₹0.00
    // GST        18% × (20.00 + 2.31 + 0.01) = 18% × 22.32 = ₹4.0176   ₹4.02
    // Total                                                            ₹36.34
    expect(chargesForFill({ quantity: LOT, pricePaise: rupees(100), at: day })).toEqual({
      brokeragePaise: 2000,
      sttPaise: 1000,
      exchangePaise: 231,
      sebiPaise: 1,
      stampPaise: 0,
      gstPaise: 402,
      totalPaise: 3634,
    });
  });

  it('BUY 65 @ ₹80.00: premium turnover ₹5,200; stamp duty ₹0.156 rounds to no rupee', () => {
    // Brokerage  flat                                                  ₹20.00
    // STT        buy side: none                                         ₹0.00
    // Exchange   0.03553% × 5,200 = ₹1.84756                            ₹1.85
    // SEBI       0.0001% × 5,200 = ₹0.0052                              ₹0.01
    // Stamp      0.003% × 5,200 = ₹0.156, to the rupee                  ₹0.00
    // GST        18% × (20.00 + 1.85 + 0.01) = 18% × 21.86 = ₹3.9348   ₹3.93
    // Total                                                            ₹25.79
    const buy = chargesForFill({ quantity: -LOT, pricePaise: rupees(80), at: day + 3_600_000 });
    expect(buy).toEqual({
      brokeragePaise: 2000,
      sttPaise: 0,
      exchangePaise: 185,
      sebiPaise: 1,
      stampPaise: 0,
      gstPaise: 393,
      totalPaise: 2579,
    });
    // The two apart: ₹36.34 + ₹25.79 = ₹62.13. On one day's note the SEBI fee is ₹0.0117 → ₹0.01 once, not
    // twice, so the note is ₹62.12 (contract-note.logic.test.ts).
    const sell = chargesForFill({ quantity: LOT, pricePaise: rupees(100), at: day });
    expect(sumCharges([sell, buy]).totalPaise).toBe(6213);
  });

  it('on 2025-05-05 the older STT (0.1%) applies, and the IPFT was in the exchange charges already', () => {
    const day2025 = ist('2025-05-05T10:30:00');
    // SELL: STT 0.1% × 6,500 = ₹6.50 → ₹7 (half up to the rupee); exchange 0.03553% × 6,500 = ₹2.30945 → ₹2.31;
    // SEBI ₹0.01; GST 18% × 22.32 = ₹4.0176 → ₹4.02. Total ₹20 + 7 + 2.31 + 0.01 + 4.02 = ₹33.34.
    expect(chargesForFill({ quantity: LOT, pricePaise: rupees(100), at: day2025 })).toEqual({
      brokeragePaise: 2000,
      sttPaise: 700,
      exchangePaise: 231,
      sebiPaise: 1,
      stampPaise: 0,
      gstPaise: 402,
      totalPaise: 3334,
    });
  });

  it('a fill at ₹0 still pays brokerage and its GST; a quantity of 0 is no order', () => {
    expect(chargesForFill({ quantity: -LOT, pricePaise: 0, at: day })).toMatchObject({
      brokeragePaise: 2000,
      gstPaise: 360,
      totalPaise: 2360,
    });
    expect(chargesForFill({ quantity: 0, pricePaise: rupees(100), at: day })).toEqual(NO_CHARGES);
  });

  it('a settlement at expiry: out of the money free; in the money ₹20 + GST, and STT when held long', () => {
    expect(chargesForFill({ quantity: -LOT, pricePaise: 0, at: day, kind: 'settlement' })).toEqual(NO_CHARGES);
    // A short leg assigned at ₹50 intrinsic: the broker's close-out order, ₹20 + 18% GST ₹3.60; no STT.
    expect(chargesForFill({ quantity: -LOT, pricePaise: rupees(50), at: day, kind: 'settlement' })).toEqual({
      ...NO_CHARGES,
      brokeragePaise: 2000,
      gstPaise: 360,
      totalPaise: 2360,
    });
    // A long leg exercised at ₹50: STT 0.15% × 65 × 50 = ₹4.875 → ₹5 on top.
    expect(chargesForFill({ quantity: LOT, pricePaise: rupees(50), at: day, kind: 'settlement' })).toMatchObject({
      sttPaise: 500,
      totalPaise: 2860,
    });
  });
});

describe('the rate schedules', () => {
  it('switch at IST midnight of their first day', () => {
    expect(scheduleAt(ist('2026-03-31T23:59:59.999')).from).toBe('2024-10-01');
    expect(scheduleAt(ist('2026-04-01T00:00:00')).from).toBe('2026-04-01');
    expect(scheduleAt(Date.parse('2026-03-31T18:30:00Z')).from).toBe('2026-04-01');
    // Older fills are charged at the first schedule.
    expect(scheduleAt(ist('2023-01-02T10:00:00')).from).toBe('2024-10-01');
  });

  it('are dated, in order, and written as exact fractions', () => {
    const froms = OPTION_CHARGE_SCHEDULES.map((s) => s.from);
    for (const from of froms) expect(new Date(`${from}T00:00:00Z`).toISOString().slice(0, 10)).toBe(from);
    expect(froms).toEqual([...new Set(froms)].sort());
    expect(percent('0.03503')).toEqual({ numerator: 3503n, denominator: 10_000_000n });
    // Every schedule's exchange line carries NSE's IPFT (₹50 a crore of premium since 2023-04-01).
    for (const s of OPTION_CHARGE_SCHEDULES) expect(exchangeRate(s)).toEqual(addRates(s.exchange, percent('0.0005')));
    expect(percent('18')).toEqual({ numerator: 18n, denominator: 100n });
    expect(() => percent('1e-3')).toThrow();
  });
});

describe('properties', () => {
  const RUNS = { seed: 42, numRuns: 500 };
  const FIRST = Date.parse('2024-09-01T00:00:00Z');
  const LAST = Date.parse('2027-12-31T00:00:00Z');
  const fillArb = fc.record({
    quantity: fc.integer({ min: -10_000, max: 10_000 }).filter((q) => q !== 0),
    pricePaise: fc.integer({ min: 0, max: 5_000_000 }),
    at: fc.integer({ min: FIRST, max: LAST }),
  });
  const parts = (c: Charges) => [c.brokeragePaise, c.sttPaise, c.exchangePaise, c.sebiPaise, c.stampPaise, c.gstPaise];

  it('total = Σ components, each a non-negative whole paisa; STT only on sells, stamp only on buys, both whole rupees', () => {
    fc.assert(
      fc.property(fillArb, (fill) => {
        const c = chargesForFill(fill);
        expect(c.totalPaise).toBe(parts(c).reduce((a, b) => a + b, 0));
        for (const p of parts(c)) expect(Number.isSafeInteger(p) && p >= 0).toBe(true);
        expect(c.brokeragePaise).toBe(2000);
        if (fill.quantity < 0) expect(c.sttPaise).toBe(0);
        if (fill.quantity > 0) expect(c.stampPaise).toBe(0);
        expect(c.sttPaise % 100).toBe(0);
        expect(c.stampPaise % 100).toBe(0);
      }),
      RUNS,
    );
  });

  it('both sides pay the same exchange and SEBI charges; a bigger order never pays less', () => {
    fc.assert(
      fc.property(fillArb, fc.integer({ min: 1, max: 1_000 }), (fill, more) => {
        const c = chargesForFill(fill);
        const other = chargesForFill({ ...fill, quantity: -fill.quantity });
        expect([other.exchangePaise, other.sebiPaise]).toEqual([c.exchangePaise, c.sebiPaise]);
        const bigger = chargesForFill({ ...fill, quantity: fill.quantity + Math.sign(fill.quantity) * more });
        parts(bigger).forEach((p, i) => expect(p).toBeGreaterThanOrEqual(parts(c)[i]!));
      }),
      RUNS,
    );
  });

  it('sumCharges adds component-wise', () => {
    fc.assert(
      fc.property(fc.array(fillArb, { maxLength: 20 }), (fills) => {
        const list = fills.map(chargesForFill);
        const sum = sumCharges(list);
        expect(sum.totalPaise).toBe(list.reduce((a, c) => a + c.totalPaise, 0));
        expect(sum.totalPaise).toBe(parts(sum).reduce((a, b) => a + b, 0));
      }),
      RUNS,
    );
    expect(sumCharges([])).toEqual(NO_CHARGES);
  });
});
