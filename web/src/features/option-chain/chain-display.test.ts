import type { Instrument, OptionChain } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  atmStrike,
  chainFacts,
  chainInstruments,
  expiryText,
  formatDelta,
  formatGamma,
  formatIv,
  formatLtp,
  formatRupeeGreek,
  formatStrike,
  minutesText,
  serverWords,
} from './chain-display';

const strikes = [9_950, 10_000, 10_050].map((strike) => ({ strike }));

describe('atmStrike', () => {
  it('is the strike nearest the underlying, the lower on a tie', () => {
    expect(atmStrike(strikes, 10_012.35)).toBe(10_000);
    expect(atmStrike(strikes, 10_030)).toBe(10_050);
    expect(atmStrike(strikes, 10_025)).toBe(10_000);
    expect(atmStrike(strikes, 12_000)).toBe(10_050);
    expect(atmStrike([], 10_000)).toBeNull();
  });
});

describe('figures', () => {
  it('writes prices, IVs and greeks, a dash for null', () => {
    expect(formatLtp(1234.5)).toBe('1,234.50');
    expect(formatLtp(null)).toBe('–');
    expect(formatIv(14.213456)).toBe('14.21');
    expect(formatIv(null)).toBe('–');
    expect(formatDelta(0.596494)).toBe('0.5965');
    expect(formatDelta(-0.403329)).toBe('−0.4033');
    expect(formatDelta(-0.00001)).toBe('0.0000');
    expect(formatGamma(0.0049726)).toBe('0.004973');
    expect(formatGamma(0.00012345)).toBe('0.0001235');
    expect(formatGamma(0)).toBe('0');
    expect(formatGamma(null)).toBe('–');
    expect(formatRupeeGreek(-18.83)).toBe('−18.83');
    expect(formatRupeeGreek(5.08)).toBe('5.08');
    expect(formatStrike(23_250)).toBe('23,250');
    expect(formatStrike(9_812.35)).toBe('9,812.35');
  });

  it('says the time to expiry in trading minutes and sessions', () => {
    expect(minutesText(675)).toBe('675 trading minutes (1.8 sessions)');
    expect(minutesText(1)).toBe('1 trading minute (0.0 sessions)');
    expect(minutesText(0)).toBe('Expired (no trading minute left)');
  });

  it('names an expiry day without a zone moving it', () => {
    expect(expiryText('2026-12-04')).toBe('Fri 4 Dec 2026');
    expect(expiryText('bad')).toBe('bad');
  });

  it("lists the model's inputs", () => {
    const chain = {
      underlying_price: 10_012.35,
      forward: 10_015.1,
      rate: 5.25,
      rate_source: 'RBI policy repo rate 5.25%',
      minutes_to_expiry: 375,
    } as OptionChain;
    expect(chainFacts(chain)).toEqual([
      { label: 'Underlying', value: '₹10,012.35' },
      { label: 'Forward', value: '₹10,015.10', title: 'From put–call parity at the ATM strike' },
      { label: 'Rate', value: '5.25%', title: 'RBI policy repo rate 5.25%' },
      { label: 'To expiry', value: '375 trading minutes (1.0 sessions)' },
    ]);
  });
});

describe('chainInstruments', () => {
  it('offers the instruments with a ticker', () => {
    const list = [
      { id: 1, name: 'NIFTY 50', ticker: 'NIFTY' },
      { id: 9, name: 'Custom', ticker: null },
      { id: 4, name: 'SANDBOX 24x7', ticker: 'SANDBOX' },
    ] as Instrument[];
    expect(chainInstruments(list).map((i) => i.id)).toEqual([1, 4]);
  });
});

describe('serverWords', () => {
  it("shows the server's words, the page's own only where the server said nothing readable", () => {
    expect(serverWords(new ApiError('BTCUSDT has no options listed at the exchange', 400), 'x')).toBe(
      'BTCUSDT has no options listed at the exchange',
    );
    expect(serverWords(new ApiError('Request failed with status 502: Bad Gateway', 502), 'Could not load')).toBe(
      'Could not load',
    );
    expect(serverWords(new TypeError('fetch failed'), 'Could not load')).toBe('Could not load');
  });
});
