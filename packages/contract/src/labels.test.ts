import { describe, expect, it } from 'vitest';
import { SaveRdxConfigSchema } from './rdx.js';
import { CreateMappingSchema } from './strategies.js';
import { FetchHistoricalSchema } from './market-data.js';
import { CreateLiveDataConfigSchema } from './live-data.js';
import { LIMITS } from './constants.js';

const messagesOf = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('validation messages in on-screen words', () => {
  it('names mapping fields as the form labels them and refuses sizes beyond the limits', () => {
    const r = CreateMappingSchema.safeParse({
      strategy_id: 1,
      instrument_id: 1,
      user_broker_id: 1,
      ce_count: -1,
      pe_count: 5000,
    });
    expect(messagesOf(r)).toEqual(['CE Count must be at least 0', `PE Count must be at most ${LIMITS.maxLegCount}`]);
  });

  it('bounds the RDX lot count, ATM and offset', () => {
    const r = SaveRdxConfigSchema.safeParse({
      rdx_lot_count: 100000,
      atm_value: 99_999_999_999_999,
      offset_value: 60_000,
      interval: '5m',
    });
    expect(messagesOf(r)).toEqual([
      'Lot Count must be at most 50',
      'ATM Value must be at most 10,00,000',
      'Offset Value must be between -50,000 and 50,000',
    ]);
    expect(
      SaveRdxConfigSchema.safeParse({ rdx_lot_count: 50, atm_value: 25000, offset_value: -200, interval: '5m' })
        .success,
    ).toBe(true);
  });

  it('says End Date, not endDate, and refuses an instrument of the other source', () => {
    const dates = FetchHistoricalSchema.safeParse({
      source: 'kite',
      instrumentToken: '256265',
      interval: '5m',
      startDate: '2026-11-20T10:00',
      endDate: '2026-11-19T10:00',
    });
    expect(messagesOf(dates)).toEqual(['End Date must be later than Start Date']);
    const wrongSource = FetchHistoricalSchema.safeParse({
      source: 'binance',
      instrumentToken: '256265',
      interval: '5m',
    });
    expect(messagesOf(wrongSource)).toEqual(['Instrument Token must be a Binance symbol such as BTCUSDT']);
    const config = CreateLiveDataConfigSchema.safeParse({
      source: 'binance',
      instrument_token: '256265',
      interval: '1m',
    });
    expect(config.success).toBe(false);
    expect(
      CreateLiveDataConfigSchema.safeParse({ source: 'binance', instrument_token: 'BTCUSDT', interval: '1m' }).success,
    ).toBe(true);
  });
});
