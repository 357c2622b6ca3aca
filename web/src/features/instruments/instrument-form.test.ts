import { describe, expect, it } from 'vitest';
import {
  EMPTY_INSTRUMENT_DRAFT,
  type InstrumentDraft,
  instrumentPayload,
  lotSizeError,
  marketProtectionLabel,
  tradingDaysLabel,
} from './instrument-form';

const valid: InstrumentDraft = {
  ...EMPTY_INSTRUMENT_DRAFT,
  name: '  NIFTY IT ',
  instrumentToken: ' 259849 ',
  lotSize: '25',
};

describe('instrumentPayload', () => {
  it('starts from the SPEC defaults', () => {
    expect(EMPTY_INSTRUMENT_DRAFT).toMatchObject({
      openTime: '09:15',
      closeTime: '15:30',
      timezone: 'Asia/Kolkata',
      tradingDays: '1,2,3,4,5',
    });
  });

  it('trims name and token, parses the lot size and leaves out an empty ticker', () => {
    expect(instrumentPayload({ ...valid, ticker: '  ' })).toEqual({
      name: 'NIFTY IT',
      instrument_token: '259849',
      lot_size: 25,
      market_open_time: '09:15',
      market_close_time: '15:30',
      timezone: 'Asia/Kolkata',
      trading_days: '1,2,3,4,5',
      market_protection: -1,
    });
  });

  it("sends the market protection as a whole number, Kite's automatic bound (-1) by default", () => {
    expect(EMPTY_INSTRUMENT_DRAFT.marketProtection).toBe('-1');
    expect(instrumentPayload({ ...valid, marketProtection: ' 5 ' })?.market_protection).toBe(5);
    // Out of range goes to the server, which says what it takes.
    expect(instrumentPayload({ ...valid, marketProtection: '0' })?.market_protection).toBe(0);
  });

  it('sends a non-empty ticker trimmed', () => {
    expect(instrumentPayload({ ...valid, ticker: ' NIFTYIT ' })?.ticker).toBe('NIFTYIT');
  });

  it.each<[string, Partial<InstrumentDraft>]>([
    ['blank name', { name: '   ' }],
    ['blank token', { instrumentToken: ' ' }],
    ['lot size 0', { lotSize: '0' }],
    ['negative lot size', { lotSize: '-5' }],
    ['non-numeric lot size', { lotSize: 'abc' }],
    ['open time not HH:MM', { openTime: '9:15' }],
    ['close time missing', { closeTime: '' }],
    ['market protection blank', { marketProtection: ' ' }],
    ['market protection not a whole number', { marketProtection: '2.5' }],
  ])('ignores the submit on %s', (_, change) => {
    expect(instrumentPayload({ ...valid, ...change })).toBeNull();
  });
});

describe('lotSizeError', () => {
  it('names a fractional lot size instead of truncating it', () => {
    expect(lotSizeError('2.5')).toBe('Lot Size must be a whole number');
    expect(lotSizeError(' 0.5 ')).toBe('Lot Size must be a whole number');
    expect(instrumentPayload({ ...valid, lotSize: '2.5' })).toBeNull();
  });

  it('says nothing of a whole, empty or non-numeric one (SPEC: those are sent or silently ignored)', () => {
    expect(lotSizeError('75')).toBeNull();
    expect(lotSizeError('')).toBeNull();
    expect(lotSizeError('0')).toBeNull();
    expect(lotSizeError('abc')).toBeNull();
  });
});

describe('marketProtectionLabel', () => {
  it("shows Kite's automatic bound as Auto and a percentage as one", () => {
    expect(marketProtectionLabel(-1)).toBe('Auto (-1)');
    expect(marketProtectionLabel(5)).toBe('5%');
  });
});

describe('tradingDaysLabel', () => {
  it('names the known day sets and shows other lists as stored', () => {
    expect(tradingDaysLabel('1,2,3,4,5')).toBe('Mon-Fri');
    expect(tradingDaysLabel('0,1,2,3,4,5,6')).toBe('All days');
    expect(tradingDaysLabel('2,4')).toBe('2,4');
  });
});
