import { describe, expect, it } from 'vitest';
import { exchangeOf } from './console.routes.js';

describe('exchangeOf', () => {
  it('is the sandbox in sandbox mode (its roots in-process or standalone) and Kite in live mode', () => {
    expect(exchangeOf({ mode: 'sandbox' })).toBe('sandbox');
    expect(exchangeOf({ mode: 'live' })).toBe('kite');
  });
});
