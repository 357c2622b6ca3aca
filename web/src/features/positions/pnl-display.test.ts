import { describe, expect, it } from 'vitest';
import { formatPnl, holdingWords, kiteDayPnlOf, mtmOf, pnlClass, toPaise } from './pnl-display';

describe('formatPnl', () => {
  it('signs a profit with + and colours it up, in Indian grouping with paise', () => {
    expect(formatPnl(123456.78)).toEqual({ text: '+₹1,23,456.78', tone: 'up' });
  });

  it('signs a loss with a minus and colours it down', () => {
    expect(formatPnl(-1234.5)).toEqual({ text: '−₹1,234.50', tone: 'down' });
  });

  it('shows zero without a sign, as up (green at or above zero), and a fraction of a paisa as zero', () => {
    expect(formatPnl(0)).toEqual({ text: '₹0.00', tone: 'up' });
    expect(formatPnl(-0.004)).toEqual({ text: '₹0.00', tone: 'up' });
    expect(formatPnl(0.006)).toEqual({ text: '+₹0.01', tone: 'up' });
  });

  it('gives the colour class to match', () => {
    expect(pnlClass(10)).toBe('pnl pnl-up');
    expect(pnlClass(0)).toBe('pnl pnl-up');
    expect(pnlClass(-0.01)).toBe('pnl pnl-down');
  });
});

describe('mtmOf', () => {
  it('adds realized and unrealized in paise, so 0.1 + 0.2 is 0.3', () => {
    expect(mtmOf({ realized_pnl: 0.1, unrealized_pnl: 0.2 })).toBe(0.3);
    expect(toPaise(1234.56)).toBe(123456);
  });
});

describe('holdingWords', () => {
  it('reads SPEC sign: above zero short (sold), below zero long (bought)', () => {
    expect(holdingWords(1500)).toBe('short 1,500');
    expect(holdingWords(-50)).toBe('long 50');
    expect(holdingWords(0)).toBe('flat');
  });
});

describe('kiteDayPnlOf (issue 28)', () => {
  const day = (day_pnl: number | null) => ({ broker_way: { realized_pnl: 0, unrealized_pnl: 0, day_pnl } });
  it("sums the strategies' day P&L in paise, and is unknown while one of them is", () => {
    expect(kiteDayPnlOf([day(0.1), day(0.2), day(-1000.05)])).toBe(-999.75);
    expect(kiteDayPnlOf([day(10), day(null)])).toBeNull();
    expect(kiteDayPnlOf([])).toBe(0);
  });
});
