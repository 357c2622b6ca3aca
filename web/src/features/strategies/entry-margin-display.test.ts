import type { EntryMargin } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { marginFigures, marginShortfall } from './entry-margin-display';

const margin = (over: Partial<EntryMargin> = {}): EntryMargin => ({
  required: 212345.67,
  final: 200985.44,
  available: 1000000,
  orders: [{ trading_symbol: 'NIFTY26D0124600CE', side: 'SELL', quantity: 65 }],
  note: null,
  ...over,
});

describe('entry margin display', () => {
  it('lists Required, Final and Available in rupees with Indian grouping', () => {
    expect(marginFigures(margin()).map((f) => [f.label, f.value])).toEqual([
      ['Required', '₹2,12,345.67'],
      ['Final', '₹2,00,985.44'],
      ['Available', '₹10,00,000.00'],
    ]);
    expect(marginFigures(margin({ available: null })).at(-1)?.value).toBe('not known');
  });

  it('says plainly when the account cannot cover the entry: refused when LIVE, a shortfall on paper', () => {
    expect(marginShortfall(margin(), 0)).toBeNull();
    expect(marginShortfall(margin({ available: null }), 0)).toBeNull();
    const short = margin({ available: 50000 });
    expect(marginShortfall(short, 0)).toBe(
      'This entry would be refused: it needs ₹2,00,985.44, ₹50,000.00 available; nothing would be sent',
    );
    expect(marginShortfall(short, 1)).toBe(
      "The account's money would not cover this entry: it needs ₹2,00,985.44, ₹50,000.00 available (paper entries are not yet held to it)",
    );
  });

  it('compares to the paisa: exactly enough is enough, a paisa short is not', () => {
    expect(marginShortfall(margin({ final: 0.1 + 0.2, available: 0.3 }), 0)).toBeNull();
    expect(marginShortfall(margin({ final: 100.01, available: 100 }), 0)).toContain('would be refused');
  });
});
