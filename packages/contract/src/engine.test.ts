import { describe, expect, it } from 'vitest';
import { SettleOrderSchema } from './engine.js';

const firstError = (input: unknown) => {
  const parsed = SettleOrderSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('settling an order by hand', () => {
  it('takes a fill with its price (two decimals, above 0, at most ₹1,00,000) and an optional quantity', () => {
    expect(SettleOrderSchema.parse({ filled: true, price: 123.45 })).toEqual({ filled: true, price: 123.45 });
    expect(SettleOrderSchema.parse({ filled: true, price: 0.05, quantity: 30 })).toMatchObject({ quantity: 30 });
    expect(SettleOrderSchema.parse({ filled: false })).toEqual({ filled: false });
  });

  it('names what is wrong in words a trader reads', () => {
    expect(firstError({ filled: true })).toBe('Price must be a number');
    expect(firstError({ filled: true, price: 0 })).toBe('Price must be more than 0');
    expect(firstError({ filled: true, price: 12.345 })).toBe('Price may have at most two decimals');
    expect(firstError({ filled: true, price: 100_000.05 })).toBe('Price must be at most 1,00,000');
    expect(firstError({ filled: true, price: 10, quantity: 2.5 })).toBe('Filled quantity must be a whole number');
    expect(firstError({ filled: true, price: 10, quantity: 0 })).toBe('Filled quantity must be more than 0');
    expect(firstError({ price: 10 })).toBe('Say whether the order filled');
  });
});
