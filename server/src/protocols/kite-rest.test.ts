import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/provider-fixtures.js';
import {
  formatKiteCandleRow,
  formatKiteDateTime,
  formatKiteTimestamp,
  KITE_ERROR_HTTP_STATUS,
  KITE_MAX_DAYS_PER_REQUEST,
  KiteApiError,
  kiteError,
  kiteSessionChecksum,
  kiteSuccess,
  parseKiteCandleRow,
  parseKiteDateTime,
  parseKiteEnvelope,
  parseKiteHistoricalData,
  parseKiteTimestamp,
  toKiteInterval,
  unwrapKiteEnvelope,
} from './kite-rest.js';

describe('Kite REST envelope', () => {
  it('unwraps the success envelope of generate_session.json', () => {
    const body = readJsonFixture<unknown>('kite', 'generate_session.json');
    const data = unwrapKiteEnvelope<{ access_token: string; user_id: string }>(body);
    expect(data.user_id).toBe('XX0000');
    expect(data.access_token).toBe('XXXXXX');
  });

  it('classifies error bodies by error_type and throws them as KiteApiError', () => {
    const body = kiteError('TokenException', 'Incorrect `api_key` or `access_token`.');
    expect(body).toEqual({
      status: 'error',
      message: 'Incorrect `api_key` or `access_token`.',
      data: null,
      error_type: 'TokenException',
    });
    expect(parseKiteEnvelope(body)).toMatchObject({ ok: false, error: { error_type: 'TokenException' } });
    expect(() => unwrapKiteEnvelope(body, 403)).toThrow(KiteApiError);
    expect(KITE_ERROR_HTTP_STATUS.TokenException).toBe(403);
    expect(KITE_ERROR_HTTP_STATUS.InputException).toBe(400);
    expect(parseKiteEnvelope('<html>')).toMatchObject({ ok: false, error: { error_type: 'DataException' } });
    expect(parseKiteEnvelope(kiteSuccess([1]))).toEqual({ ok: true, data: [1] });
  });

  it('computes the session checksum as sha256(api_key + request_token + api_secret) in hex', () => {
    // Reference value from `printf %s keytokensecret | sha256sum`.
    expect(kiteSessionChecksum('key', 'token', 'secret')).toBe(
      '08a03d928417ea4085557933d3b187ff2a3515b039d6054dbd230c95d978a17a',
    );
    expect(kiteSessionChecksum('key', 'token', 'secret')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('Kite intervals', () => {
  it('maps our intervals to Kite names, with no 4h', () => {
    expect(toKiteInterval('1m')).toBe('minute');
    expect(toKiteInterval('1h')).toBe('60minute');
    expect(toKiteInterval('1d')).toBe('day');
    expect(toKiteInterval('4h')).toBeNull();
    expect(toKiteInterval('toString')).toBeNull();
  });

  it('knows the per-request day limits', () => {
    expect(KITE_MAX_DAYS_PER_REQUEST).toMatchObject({
      minute: 60,
      '5minute': 100,
      '30minute': 200,
      '60minute': 400,
      day: 2000,
    });
  });
});

describe('Kite times', () => {
  it('formats and parses IST date-times for from/to', () => {
    const ms = Date.UTC(2025, 11, 9, 3, 45, 0);
    expect(formatKiteDateTime(ms)).toBe('2025-12-09 09:15:00');
    expect(parseKiteDateTime('2025-12-09 09:15:00')).toBe(ms);
    expect(parseKiteDateTime('2025-12-09')).toBe(Date.UTC(2025, 11, 8, 18, 30));
    expect(parseKiteDateTime('2025-02-30 00:00:00')).toBeNull();
    expect(parseKiteDateTime('09-12-2025')).toBeNull();
  });

  it('formats candle timestamps with +0530 and parses both offset spellings', () => {
    const ms = Date.UTC(2017, 11, 15, 3, 45);
    expect(formatKiteTimestamp(ms)).toBe('2017-12-15T09:15:00+0530');
    expect(parseKiteTimestamp('2017-12-15T09:15:00+0530')).toBe(ms);
    expect(parseKiteTimestamp('2017-12-15T09:15:00+05:30')).toBe(ms);
    expect(parseKiteTimestamp('2017-12-15 09:15:00')).toBeNull();
  });
});

describe('Kite historical candles', () => {
  it('parses historical_minute.json', () => {
    const body = readJsonFixture<{ data: unknown }>('kite', 'historical_minute.json');
    const candles = parseKiteHistoricalData(body.data);
    expect(candles.length).toBeGreaterThan(2);
    expect(candles[0]).toEqual({
      time: Date.UTC(2017, 11, 15, 3, 45),
      open: 1704.5,
      high: 1705,
      low: 1699.25,
      close: 1702.8,
      volume: 2499,
      oi: null,
      openPaise: 170450,
      highPaise: 170500,
      lowPaise: 169925,
      closePaise: 170280,
    });
    expect(candles[1]?.time).toBe(Date.UTC(2017, 11, 15, 3, 46));
  });

  it('parses the 7th oi element of historical_oi.json and formats rows back identically', () => {
    const body = readJsonFixture<{ data: { candles: unknown[][] } }>('kite', 'historical_oi.json');
    const candles = parseKiteHistoricalData(body.data);
    expect(candles[0]?.oi).toBe(body.data.candles[0]?.[6]);
    expect(candles.map(formatKiteCandleRow)).toEqual(body.data.candles);
  });

  it('rejects rows that are not Kite candles', () => {
    expect(() => parseKiteCandleRow(['2017-12-15', 1, 2, 3, 4, 5])).toThrow(SyntaxError);
    expect(() => parseKiteCandleRow(['2017-12-15T09:15:00+0530', 1, 2, 3, 4])).toThrow(SyntaxError);
    expect(() => parseKiteHistoricalData({})).toThrow(SyntaxError);
  });
});
