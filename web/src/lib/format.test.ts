import { describe, expect, it } from 'vitest';
import { formatInr, sideOf, toInt } from './format';

describe('formatInr', () => {
  it('uses Indian digit grouping and two decimals', () => {
    expect(formatInr(123456.5)).toBe('₹1,23,456.50');
    expect(formatInr(0.05)).toBe('₹0.05');
  });
});

describe('sideOf', () => {
  it('reads positive as SELL and negative as BUY, showing the absolute value', () => {
    expect(sideOf(75)).toEqual({ side: 'SELL', quantity: 75 });
    expect(sideOf(-150)).toEqual({ side: 'BUY', quantity: 150 });
  });
});

describe('toInt', () => {
  it('parses integers and falls back to 0', () => {
    expect(toInt('12')).toBe(12);
    expect(toInt('')).toBe(0);
    expect(toInt('abc')).toBe(0);
    expect(toInt(3.9)).toBe(3);
  });
});
