import { describe, expect, it } from 'vitest';
import { atmStrike, atmVol, chainRows, forwardPaise, listedExpiries, type ListedOption } from './chain-greeks.logic.js';
import { legVols, toPayoffLegs } from './payoff-legs.logic.js';
import { REPO_RATES, riskFreeRateOn } from './risk-free-rates.js';

const option = (strikePaise: number, optionType: 'CE' | 'PE', expiry = '2026-11-24'): ListedOption => ({
  tradingSymbol: `NIFTY${expiry}${strikePaise}${optionType}`,
  exchange: 'NFO',
  expiry,
  strikePaise,
  optionType,
});

describe('the chain around the money', () => {
  it('takes the strike nearest the spot, the lower on a tie', () => {
    expect(atmStrike([2_400_000, 2_405_000, 2_410_000], 2_406_000)).toBe(2_405_000);
    expect(atmStrike([2_400_000, 2_405_000], 2_402_500)).toBe(2_400_000);
    expect(atmStrike([], 2_402_500)).toBeNull();
  });

  it('lists expiries from today on, nearest first', () => {
    const chain = [option(1, 'CE', '2026-12-01'), option(1, 'CE', '2026-11-17'), option(1, 'PE', '2026-11-24')];
    expect(listedExpiries(chain, '2026-11-23')).toEqual(['2026-11-24', '2026-12-01']);
  });

  it('reads the forward from put–call parity at the ATM strike, else carries the spot at the rate', () => {
    const options = [option(2_400_000, 'CE'), option(2_400_000, 'PE')];
    const model = { years: 0.02, rate: 0.05 };
    const quoted = new Map([
      [options[0]!.tradingSymbol, 15_000],
      [options[1]!.tradingSymbol, 10_000],
    ]);
    const ltpOf = (o: ListedOption) => quoted.get(o.tradingSymbol) ?? null;
    expect(forwardPaise(options, ltpOf, 2_404_000, model)).toEqual({
      paise: Math.round(2_400_000 + 5_000 * Math.exp(0.001)),
      isSynthetic: true,
    });
    expect(forwardPaise(options, () => null, 2_404_000, model)).toEqual({
      paise: Math.round(2_404_000 * Math.exp(0.001)),
      isSynthetic: false,
    });
    expect(forwardPaise(options, ltpOf, 2_404_000, { years: 0, rate: 0.05 }).paise).toBe(2_404_000);
  });

  it('leaves IV and greeks null for an option priced at or below its intrinsic value, or not quoted', () => {
    const options = [option(2_300_000, 'CE'), option(2_300_000, 'PE')];
    const ltps = new Map([[options[0]!.tradingSymbol, 9_000_000]]);
    const [row] = chainRows(options, (o) => ltps.get(o.tradingSymbol) ?? null, 2_400_000, { years: 0.01, rate: 0 });
    expect(row!.ce).toEqual({ ltpPaise: 9_000_000, vol: null, greeks: null });
    expect(row!.pe).toEqual({ ltpPaise: null, vol: null, greeks: null });
    expect(atmVol([row!], 2_400_000)).toBeNull();
  });
});

describe("a payoff leg's volatility", () => {
  it('is its own IV, else the ATM IV, else the mean of the legs that have one; none while time is left is null', () => {
    expect(legVols([0.12, null], 0.15, 0.01)).toEqual([
      { vol: 0.12, source: 'quote' },
      { vol: 0.15, source: 'atm' },
    ]);
    expect(legVols([0.12, null, 0.14], null, 0.01)![1]).toEqual({ vol: 0.13, source: 'legs' });
    expect(legVols([null], null, 0.01)).toBeNull();
    expect(legVols([null], null, 0)).toEqual([{ vol: 0, source: 'expired' }]);
  });

  it('turns rupees into paise and lots into units', () => {
    const [leg] = toPayoffLegs(
      [{ option_type: 'PE', side: 'SELL', strike: 24050.5, expiry: '2026-11-24', lots: 3, price: 80.05 }],
      65,
    );
    expect(leg).toEqual({
      optionType: 'PE',
      side: 'SELL',
      strikePaise: 2_405_050,
      quantity: 195,
      pricePaise: 8005,
      expiry: '2026-11-24',
    });
  });
});

describe('the risk-free rate', () => {
  it('lists decisions oldest first, each with a source, and answers the one in force on a day', () => {
    const days = REPO_RATES.map((r) => r.from);
    expect(days).toEqual([...days].sort());
    expect(REPO_RATES.every((r) => r.source.startsWith('RBI policy repo rate'))).toBe(true);
    expect(riskFreeRateOn('2025-06-05').percent).toBe(6);
    expect(riskFreeRateOn('2025-06-06').percent).toBe(5.5);
    expect(riskFreeRateOn('2026-11-23').percent).toBe(5.25);
  });
});
