import type { Instrument } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { canAddConfig, defaultFetchForm, fetchBody, fetchValidationMessage, instrumentsForSource } from './fetch-form';

describe('defaultFetchForm', () => {
  it('defaults to kite, 5m and the start of yesterday to 23:59 today, in IST', () => {
    const form = defaultFetchForm(new Date('2026-03-01T09:07:00Z'));
    expect(form).toEqual({
      source: 'kite',
      instrumentToken: '',
      interval: '5m',
      startDate: '2026-02-28T00:00',
      endDate: '2026-03-01T23:59',
    });
  });

  it('counts days on the Indian clock: 20:00 UTC is already tomorrow in India', () => {
    const form = defaultFetchForm(new Date('2026-03-01T20:00:00Z'));
    expect(form.startDate).toBe('2026-03-01T00:00');
    expect(form.endDate).toBe('2026-03-02T23:59');
  });
});

describe('fetchValidationMessage', () => {
  const complete = { ...defaultFetchForm(new Date('2026-01-05T06:00:00Z')), instrumentToken: '256265' };

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
  it('sends the wire names and reads the dates as IST', () => {
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
      startDate: '2026-01-04T18:30:00.000Z',
      endDate: '2026-01-06T18:29:00.000Z',
    });
  });
});

describe('instrumentsForSource', () => {
  const instrument = (instrument_token: string) => ({ instrument_token }) as Instrument;
  const all = [instrument('256265'), instrument('BTCUSDT'), instrument('btc'), instrument('99000073')];
  const tokens = (list: Instrument[]) => list.map((i) => i.instrument_token);

  it('offers kite only numeric Kite tokens and binance only Binance symbols', () => {
    expect(tokens(instrumentsForSource(all, 'kite'))).toEqual(['256265', '99000073']);
    expect(tokens(instrumentsForSource(all, 'binance'))).toEqual(['BTCUSDT']);
  });

  it('offers everything before a source is chosen', () => {
    expect(tokens(instrumentsForSource(all, ''))).toEqual(tokens(all));
  });
});
