import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactPaise, groupedRupeesText, roundRupees, rupeesText, toPaise, toRupees } from './money.js';

/** Whole paise well past any amount we hold (₹10 lakh crore either way). */
const paiseAmounts = fc.integer({ min: -1e14, max: 1e14 });

describe('toPaise and toRupees', () => {
  it('round-trip every whole number of paise exactly', () => {
    fc.assert(
      fc.property(paiseAmounts, (paise) => {
        expect(toPaise(toRupees(paise))).toBe(paise);
      }),
      { numRuns: 20_000 },
    );
  });

  it('read a rupee amount written with two decimals (as JSON carries it) as its exact paise', () => {
    fc.assert(
      fc.property(paiseAmounts, (paise) => {
        expect(toPaise(Number(rupeesText(paise)))).toBe(paise);
      }),
      { numRuns: 20_000 },
    );
  });

  it('take the float error out before rounding, where Math.round(x * 100) is a paisa off', () => {
    expect(1.005 * 100).toBeLessThan(100.5); // the float trap itself
    expect(toPaise(1.005)).toBe(101);
    expect(toPaise(80.475)).toBe(8048);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(-1234.56)).toBe(-123456);
  });

  it('round a value finer than a paisa to the nearest paisa, halves upward', () => {
    expect(toPaise(1.234)).toBe(123);
    expect(toPaise(1.236)).toBe(124);
    expect(toPaise(83.5025)).toBe(8350);
    expect(toPaise(-0.004)).toBe(0);
    expect(Object.is(toPaise(-0.004), 0)).toBe(true);
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (rupees) => {
        const paise = toPaise(rupees);
        expect(Number.isSafeInteger(paise)).toBe(true);
        expect(Math.abs(paise - rupees * 100)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('refuse what is not an amount', () => {
    expect(() => toPaise(Number.NaN)).toThrow(RangeError);
    expect(() => toPaise(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('hold a rupee sum to whole paise', () => {
    expect(roundRupees(1.1 + 2.2)).toBe(3.3);
    expect(roundRupees(24500 + 150.005)).toBe(24650.01);
  });
});

describe('exactPaise', () => {
  it('gives the paise of every whole-paise amount', () => {
    fc.assert(
      fc.property(paiseAmounts, (paise) => {
        expect(exactPaise(toRupees(paise))).toBe(paise);
      }),
    );
  });

  it('refuses an amount finer than a paisa, or no amount at all', () => {
    expect(exactPaise(83.5025)).toBeNull();
    expect(exactPaise(0.001)).toBeNull();
    expect(exactPaise(Number.NaN)).toBeNull();
  });
});

describe('rupeesText', () => {
  it.each([
    [12345, '123.45'],
    [100, '1.00'],
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [-12345, '-123.45'],
  ])('%d paise → %s', (paise, text) => expect(rupeesText(paise)).toBe(text));

  it('writes what toFixed(2) writes for every whole-paise amount, and a bigint beyond 2^53', () => {
    fc.assert(
      fc.property(paiseAmounts, (paise) => {
        expect(rupeesText(paise)).toBe(toRupees(paise).toFixed(2));
      }),
    );
    expect(rupeesText(123456789012345678901n)).toBe('1234567890123456789.01');
    expect(() => rupeesText(1.5)).toThrow(RangeError);
  });
});

describe('groupedRupeesText', () => {
  it.each([
    [123456789, '12,34,567.89'],
    [500000, '5,000.00'],
    [5, '0.05'],
    [-123456, '-1,234.56'],
  ])('%d paise → %s', (paise, text) => expect(groupedRupeesText(paise)).toBe(text));

  it('agrees with the locale formatter for every whole-paise amount', () => {
    const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (paise) => {
        expect(groupedRupeesText(paise)).toBe(inr.format(toRupees(paise)).replace('−', '-'));
      }),
    );
  });
});
