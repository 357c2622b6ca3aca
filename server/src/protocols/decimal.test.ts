import { describe, expect, it } from 'vitest';
import { decimalToScaledInt, scaledIntToDecimal } from './decimal.js';

describe('exact decimals', () => {
  it('scales Binance price strings to integer minor units', () => {
    expect(decimalToScaledInt('43519.34000000', 2)).toBe(4351934);
    expect(decimalToScaledInt('0.01577100', 8)).toBe(1577100);
    expect(decimalToScaledInt('-1.5', 2)).toBe(-150);
    expect(decimalToScaledInt('7', 2)).toBe(700);
    expect(() => decimalToScaledInt('1.005', 2)).toThrow(RangeError);
    expect(() => decimalToScaledInt('1e5', 2)).toThrow(SyntaxError);
  });

  it('formats integers back with a fixed number of decimals', () => {
    expect(scaledIntToDecimal(4351934, 2, 8)).toBe('43519.34000000');
    expect(scaledIntToDecimal(5, 2)).toBe('0.05');
    expect(scaledIntToDecimal(-150, 2)).toBe('-1.50');
    expect(scaledIntToDecimal(12345, 0)).toBe('12345');
  });
});
