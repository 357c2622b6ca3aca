import fc from 'fast-check';
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

  it('writes the same literal on the quick path (plain texts, no NULLs) as element by element', () => {
    const oneByOne = (values: Array<string | null>) =>
      `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
    fc.assert(
      fc.property(fc.array(fc.option(fc.string(), { nil: null })), (values) => {
        expect(textArray(values)).toBe(oneByOne(values));
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.option(fc.maxSafeInteger(), { nil: null })), (values) => {
        expect(integerArray(values)).toBe(`{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`);
      }),
    );
  });
});
