import { describe, expect, it } from 'vitest';
import { integerArray, textArray } from './pg-arrays.js';

describe('PostgreSQL array literals', () => {
  it('writes integers and NULLs', () => {
    expect(integerArray([])).toBe('{}');
    expect(integerArray([1, -2, null, 9_007_199_254_740_991])).toBe('{1,-2,NULL,9007199254740991}');
  });

  it('refuses what is not a whole number rather than sending it', () => {
    expect(() => integerArray([1.5])).toThrow(/not an integer/);
    expect(() => integerArray([Number.NaN])).toThrow(/not an integer/);
  });

  it('quotes every text, so NULL, empty, commas and braces stay text', () => {
    expect(textArray(['NULL', '', 'a,b', '{x}', null])).toBe('{"NULL","","a,b","{x}",NULL}');
    expect(textArray(['say "hi"', 'C:\\dir'])).toBe('{"say \\"hi\\"","C:\\\\dir"}');
  });
});
