import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractName, optionTerms } from './contract-names.js';

describe('contractName', () => {
  it('names weekly options as Kite shows them', () => {
    expect(contractName('NIFTY26D0224500CE')).toBe('NIFTY 2 DEC 24500 CE');
    expect(contractName('BANKNIFTY2611352000PE')).toBe('BANKNIFTY 13 JAN 52000 PE');
    expect(contractName('SANDBOX26O0410150CE')).toBe('SANDBOX 4 OCT 10150 CE');
  });

  it('names monthly options by their month, and by their day when the expiry is known', () => {
    expect(contractName('NIFTY26DEC24500CE')).toBe('NIFTY DEC 24500 CE');
    expect(contractName('NIFTY26DEC24500CE', '2026-12-29')).toBe('NIFTY 29 DEC 24500 CE');
    expect(contractName('FINNIFTY26NOV23750.5PE', '2026-11-24')).toBe('FINNIFTY 24 NOV 23750.5 PE');
  });

  it('names futures, and leaves anything else as it is', () => {
    expect(contractName('NIFTY26DECFUT')).toBe('NIFTY DEC FUT');
    expect(contractName('NIFTY 50')).toBe('NIFTY 50');
    expect(contractName('BTCUSDT')).toBe('BTCUSDT');
    expect(contractName('')).toBe('');
  });

  it('reads back the day, month, strike and type of any weekly symbol', () => {
    const months = 'JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC'.split(' ');
    fc.assert(
      fc.property(
        fc.constantFrom('NIFTY', 'BANKNIFTY', 'SENSEX', 'SANDBOX'),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 99_999 }),
        fc.constantFrom('CE', 'PE'),
        (name, month, day, strike, type) => {
          const symbol = `${name}26${'123456789OND'[month]}${String(day).padStart(2, '0')}${strike}${type}`;
          expect(contractName(symbol)).toBe(`${name} ${day} ${months[month]} ${strike} ${type}`);
        },
      ),
    );
  });

  it("states an option's expiry (weekly), strike and type from its symbol, for the tax preparer's columns", () => {
    expect(optionTerms('NIFTY26D0224500CE')).toEqual({ expiry: '2026-12-02', strike: '24500', optionType: 'CE' });
    expect(optionTerms('BANKNIFTY26O0651200.5PE')).toEqual({
      expiry: '2026-10-06',
      strike: '51200.5',
      optionType: 'PE',
    });
    // A monthly symbol names no day: the caller takes it from the order or leg.
    expect(optionTerms('NIFTY26DEC24500PE')).toEqual({ expiry: null, strike: '24500', optionType: 'PE' });
    expect(optionTerms('NIFTY26DECFUT')).toBeNull();
    expect(optionTerms('BTCUSDT')).toBeNull();
  });
});
