import { describe, expect, it } from 'vitest';
import { createRetryBook } from './retry-book.js';

describe('createRetryBook', () => {
  it('backs off linearly and stops after the last try until reset', () => {
    const book = createRetryBook({ maxTries: 2, backoffMs: 10 });
    expect(book.mayTry(1, 0)).toBe(true);
    expect(book.failed(1, 0)).toEqual({ count: 1, isLast: false });
    expect(book.mayTry(1, 9)).toBe(false);
    expect(book.mayTry(1, 10)).toBe(true);
    expect(book.failed(1, 10)).toEqual({ count: 2, isLast: true });
    expect(book.mayTry(1, 1_000)).toBe(false);
    book.reset(1);
    expect(book.mayTry(1, 1_000)).toBe(true);
    expect(book.mayTry(2, 0)).toBe(true);
  });
});
