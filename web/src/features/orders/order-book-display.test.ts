import { describe, expect, it } from 'vitest';
import { filledText, NO_ORDER_FILTERS, orderBookQuery } from './order-book-display';

describe('the order book on screen', () => {
  it('shows what filled of what was asked only when not all of it did', () => {
    expect(filledText({ quantity: 1625, filled_quantity: 1625 })).toBe('1,625');
    expect(filledText({ quantity: 1625, filled_quantity: 1300 })).toBe('1,300 / 1,625');
    expect(filledText({ quantity: 65, filled_quantity: 0 })).toBe('0 / 65');
  });

  it('asks for a page with only the filters set', () => {
    expect(orderBookQuery(NO_ORDER_FILTERS, 0, 25)).toEqual({ limit: 25, offset: 0 });
    expect(orderBookQuery({ ...NO_ORDER_FILTERS, status: 'rejected', from: '2026-11-01' }, 2, 25)).toEqual({
      limit: 25,
      offset: 50,
      status: 'rejected',
      from: '2026-11-01',
    });
    // One strategy (the trader's), one user (the admin's), the name trimmed.
    expect(orderBookQuery({ ...NO_ORDER_FILTERS, mappingId: '12', user: ' ravi ' }, 0, 25)).toEqual({
      limit: 25,
      offset: 0,
      mapping_id: 12,
      user: 'ravi',
    });
  });
});
