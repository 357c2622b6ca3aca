import { describe, expect, it } from 'vitest';
import { atmWindow, type ListedOption } from './atm-window.logic.js';

const option = (expiry: string, strike: number, optionType: 'CE' | 'PE'): ListedOption => ({
  tradingSymbol: `N${expiry}${strike}${optionType}`,
  exchange: 'NFO',
  expiry,
  strikePaise: strike * 100,
  optionType,
});
const chainOf = (expiry: string) =>
  Array.from({ length: 40 }, (_, i) => 24_000 + i * 50).flatMap((s) => [
    option(expiry, s, 'CE'),
    option(expiry, s, 'PE'),
  ]);

describe('the ATM window', () => {
  const chain = [...chainOf('2026-11-18'), ...chainOf('2026-11-25'), ...chainOf('2026-12-02')];

  it('takes ten strikes each side of the nearest one, calls and puts, of the nearest live expiry', () => {
    const got = atmWindow(chain, 24_730_00, '2026-11-20');
    expect(new Set(got.map((o) => o.expiry))).toEqual(new Set(['2026-11-25']));
    const strikes = [...new Set(got.map((o) => o.strikePaise / 100))];
    expect(strikes).toEqual(Array.from({ length: 21 }, (_, i) => 24_250 + i * 50));
    expect(got).toHaveLength(42);
  });

  it('keeps what there is at the chain’s edge, and nothing without a live expiry', () => {
    expect(atmWindow(chain, 23_000_00, '2026-11-25')).toHaveLength(22);
    expect(atmWindow(chain, 24_500_00, '2026-12-03')).toEqual([]);
  });
});
