import type { LiveDataConfig } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { configLabel, instrumentLabel, seriesTitle, sourceLabel } from './data-labels';

describe('data tab labels', () => {
  it('names sources as traders do', () => {
    expect(sourceLabel('kite')).toBe('Kite');
    expect(sourceLabel('binance')).toBe('Binance');
  });

  it('titles a chart by instrument name, not token', () => {
    expect(seriesTitle('NIFTY 50', '256265', '5m', 'kite')).toBe('NIFTY 50 · 5m · Kite');
    expect(seriesTitle(undefined, '99000073', '5m', 'kite')).toBe('99000073 · 5m · Kite');
  });

  it('shows a token beside the name only when they differ', () => {
    expect(instrumentLabel('NIFTY 50', '256265')).toBe('NIFTY 50 (256265)');
    expect(instrumentLabel('BTCUSDT', 'BTCUSDT')).toBe('BTCUSDT');
    expect(instrumentLabel(null, '123')).toBe('123');
  });

  it('labels a config in a report line', () => {
    const config = { source: 'binance', instrument_token: 'BTCUSDT', interval: '1h', instrument_name: 'BTCUSDT' };
    expect(configLabel(config as LiveDataConfig)).toBe('BTCUSDT 1h (Binance)');
  });
});
