import { describe, expect, it } from 'vitest';
import { ChainQuerySchema, PayoffRequestSchema } from './analytics.js';

const leg = { option_type: 'CE', side: 'BUY', strike: 24000, expiry: '2026-11-24', lots: 1, price: 120.5 };
const firstMessage = (body: unknown) => PayoffRequestSchema.safeParse(body).error?.issues[0]?.message;

describe('payoff request', () => {
  it('takes legs in rupees with two decimals', () => {
    expect(
      PayoffRequestSchema.safeParse({ instrument_id: 1, legs: [leg, { ...leg, option_type: 'PE' }] }).success,
    ).toBe(true);
  });

  it('names the field and its leg in every message', () => {
    const bad = (over: object) => firstMessage({ instrument_id: 1, legs: [leg, { ...leg, ...over }] });
    expect(bad({ strike: 0 })).toBe('Leg 2 Strike must be more than 0');
    expect(bad({ price: 1.005 })).toBe('Leg 2 Price may have at most two decimals');
    expect(bad({ price: -1 })).toBe('Leg 2 Price must be 0 or more');
    expect(bad({ expiry: '2026-02-30' })).toBe('Leg 2 Expiry must be a day as YYYY-MM-DD, e.g. 2026-11-24');
    expect(bad({ option_type: 'XX' })).toBe('Leg 2 Option Type must be CE or PE');
    expect(bad({ lots: 0 })).toBe('Leg 2 Lots must be at least 1');
    expect(firstMessage({ legs: [leg] })).toBe('Instrument is required (an instrument id)');
  });

  it('refuses legs of different expiries', () => {
    expect(firstMessage({ instrument_id: 1, legs: [leg, { ...leg, expiry: '2026-12-01' }] })).toMatch(
      /^Legs must all share one expiry \(these expire on 2026-11-24, 2026-12-01\)/,
    );
  });
});

describe('chain query', () => {
  it('takes no expiry or a real day', () => {
    expect(ChainQuerySchema.parse({})).toEqual({});
    expect(ChainQuerySchema.parse({ expiry: '' })).toEqual({});
    expect(ChainQuerySchema.safeParse({ expiry: '24-11-2026' }).success).toBe(false);
  });
});
