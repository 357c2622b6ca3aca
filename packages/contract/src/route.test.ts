import { describe, expect, it } from 'vitest';
import { IdParamsSchema, MAX_ID } from './route.js';

describe('IdParamsSchema', () => {
  it('takes ids up to the largest a 32-bit serial column holds', () => {
    expect(IdParamsSchema.parse({ id: '1' })).toEqual({ id: 1 });
    expect(IdParamsSchema.parse({ id: String(MAX_ID) })).toEqual({ id: 2_147_483_647 });
  });

  it('refuses ids PostgreSQL would reject as out of range, and anything not a positive whole number', () => {
    for (const id of [String(MAX_ID + 1), '9007199254740991', '0', '-1', '1.5', 'NaN', 'Infinity', '1e308', '']) {
      expect(IdParamsSchema.safeParse({ id }).success, id).toBe(false);
    }
  });
});
