import type { Instrument } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  canAddConfig,
  defaultFetchForm,
  fetchBody,
  fetchValidationMessage,
  instrumentsForSource,
  toLocalInput,
} from './fetch-form';

describe('defaultFetchForm', () => {
  it('defaults to kite, 5m and the start of yesterday to 23:59 today', () => {
    const form = defaultFetchForm(new Date(2026, 2, 1, 14, 37));
    expect(form).toEqual({
      source: 'kite',
      instrumentToken: '',
      interval: '5m',
      startDate: '2026-02-28T00:00',
      endDate: '2026-03-01T23:59',
    });
  });

  it('formats local time for datetime-local inputs', () => {
    expect(toLocalInput(new Date(2026, 0, 5, 9, 7))).toBe('2026-01-05T09:07');
  });
});

describe('fetchValidationMessage', () => {
  const complete = { ...defaultFetchForm(new Date(2026, 0, 5)), instrumentToken: '256265' };

  it('is null when every field is filled', () => {
    expect(fetchValidationMessage(complete)).toBeNull();
  });

  it('lists every missing field by name, in form order', () => {
    expect(fetchValidationMessage({ ...complete, instrumentToken: '', endDate: '' })).toBe(
      'Please fill in the following fields: Instrument, End Date',
    );
    expect(fetchValidationMessage({ source: '', instrumentToken: '', interval: '', startDate: '', endDate: '' })).toBe(
      'Please fill in the following fields: Data Source, Instrument, Interval, Start Date, End Date',
    );
  });
});

describe('canAddConfig', () => {
  it('needs source, instrument and interval but not the dates', () => {
    const form = { source: 'kite', instrumentToken: '256265', interval: '15m', startDate: '', endDate: '' } as const;
    expect(canAddConfig(form)).toBe(true);
    expect(canAddConfig({ ...form, instrumentToken: ' ' })).toBe(false);
    expect(canAddConfig({ ...form, interval: '' })).toBe(false);
  });
});

describe('fetchBody', () => {
  it('sends the wire names and the dates as UTC instants', () => {
    const body = fetchBody({
      source: 'binance',
      instrumentToken: 'BTCUSDT',
      interval: '1h',
      startDate: '2026-01-05T00:00',
      endDate: '2026-01-06T23:59',
    });
    expect(body).toEqual({
      source: 'binance',
      instrumentToken: 'BTCUSDT',
      interval: '1h',
      startDate: new Date(2026, 0, 5, 0, 0).toISOString(),
      endDate: new Date(2026, 0, 6, 23, 59).toISOString(),
    });
  });
});

describe('instrumentsForSource', () => {
  const instrument = (instrument_token: string) => ({ instrument_token }) as Instrument;
  it('offers each source only the tokens the shared rule accepts for it', () => {
    const all = [instrument('256265'), instrument('BTCUSDT'), instrument('btc')];
    expect(instrumentsForSource(all, 'kite').map((i) => i.instrument_token)).toEqual(['256265']);
    expect(instrumentsForSource(all, 'binance').map((i) => i.instrument_token)).toEqual(['256265', 'BTCUSDT']);
  });
});
