import { describe, expect, it } from 'vitest';
import { appCodeError } from './kite-token';

describe('appCodeError', () => {
  it("says 'App Code is required' for an empty or blank code", () => {
    expect(appCodeError('')).toBe('App Code is required');
    expect(appCodeError('   ')).toBe('App Code is required');
  });

  it('accepts a code once trimmed', () => {
    expect(appCodeError(' 123456 ')).toBeNull();
  });
});
