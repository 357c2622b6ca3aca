import { describe, expect, it } from 'vitest';
import { emptyLabForm, type LabFormValues } from './backtest-form';
import {
  emptySweepForm,
  parseValueList,
  runCount,
  runCountText,
  sweepFormToBody,
  sweepRefusalOf,
  toggleInterval,
  toggleVaried,
  type SweepFormValues,
} from './sweep-form';

const NOW = Date.parse('2026-11-28T20:00:00+05:30');
const form = (overrides: Partial<LabFormValues> = {}): LabFormValues => ({
  ...emptyLabForm(NOW, '1'),
  instrument_id: '4',
  ...overrides,
});
const sweepOf = (overrides: Partial<SweepFormValues>): SweepFormValues => ({ ...emptySweepForm(), ...overrides });

describe('a typed list of values', () => {
  it('reads "0, 50, 100" with commas, spaces or semicolons, negatives and paise, a repeat once', () => {
    expect(parseValueList('offset_value', '0, 50, 100')).toEqual({ ok: true, values: [0, 50, 100] });
    expect(parseValueList('offset_value', ' -50 0;25.5  100,100.0 ')).toEqual({
      ok: true,
      values: [-50, 0, 25.5, 100],
    });
    expect(parseValueList('rdx_lot_count', '1 2,3')).toEqual({ ok: true, values: [1, 2, 3] });
  });

  it('says what is wrong with a list in the setting’s own words', () => {
    expect(parseValueList('offset_value', ' , ')).toEqual({
      ok: false,
      error: 'List the Offset Values to try, e.g. 0, 50, 100, 150',
    });
    expect(parseValueList('offset_value', '0, fifty')).toEqual({
      ok: false,
      error: 'Offset Values: “fifty” is not a number',
    });
    // The contract's own messages, as the server would refuse each value.
    expect(parseValueList('rdx_lot_count', '1, 0')).toEqual({
      ok: false,
      error: 'Lot Count must be at least 1 (not 0)',
    });
    expect(parseValueList('rdx_lot_count', '1.5')).toEqual({
      ok: false,
      error: 'Lot Count must be a whole number (not 1.5)',
    });
    expect(parseValueList('offset_value', '10.005')).toEqual({
      ok: false,
      error: 'Offset Value may have at most two decimals (not 10.005)',
    });
  });
});

describe('how many runs a sweep makes', () => {
  it('multiplies the varied settings’ value counts, a repeat counted once', () => {
    const sweep = sweepOf({
      varied: ['offset_value', 'interval'],
      offset_value: '0, 50, 100, 50.0',
      intervals: ['1m', '5m'],
    });
    expect(runCount(sweep)).toBe(6);
    expect(runCountText(sweep)).toBe('6 backtests (3 Offset Values × 2 Intervals)');
    expect(runCountText(sweepOf({ varied: ['rdx_lot_count'], rdx_lot_count: '2' }))).toBe('1 backtest (1 Lot Count)');
  });

  it('is none with nothing varied, and says the limit past 500', () => {
    expect(runCount(emptySweepForm())).toBe(0);
    expect(runCountText(emptySweepForm())).toBe('Tick a setting to vary (two at most).');
    const offsets = Array.from({ length: 101 }, (_, i) => i * 10).join(',');
    const big = sweepOf({
      varied: ['offset_value', 'interval'],
      offset_value: offsets,
      intervals: ['1m', '3m', '5m', '15m', '30m'],
    });
    expect(runCountText(big)).toBe('505 backtests (101 Offset Values × 5 Intervals): a sweep makes at most 500');
  });
});

describe('ticking settings to vary', () => {
  it('starts each list from the single field’s value and keeps the fields in grid order', () => {
    const base = form({ offset_value: '100', interval: '5m' });
    let sweep = toggleVaried(emptySweepForm(), 'interval', base);
    sweep = toggleVaried(sweep, 'offset_value', base);
    expect(sweep).toMatchObject({ varied: ['offset_value', 'interval'], offset_value: '100', intervals: ['5m'] });
    // A third is not taken; unticking keeps the list typed so far.
    expect(toggleVaried(sweep, 'rdx_lot_count', base)).toBe(sweep);
    expect(toggleVaried(sweep, 'offset_value', base)).toMatchObject({ varied: ['interval'], offset_value: '100' });
  });

  it('keeps ticked intervals in their own order', () => {
    let sweep = sweepOf({ intervals: ['15m'] });
    sweep = toggleInterval(sweep, '1m');
    sweep = toggleInterval(sweep, '1h');
    expect(sweep.intervals).toEqual(['1m', '15m', '1h']);
    expect(toggleInterval(sweep, '15m').intervals).toEqual(['1m', '1h']);
  });
});

describe('the sweep request', () => {
  it('is the single run’s request at the first values, and the grid of the lists', () => {
    const result = sweepFormToBody(
      form({ offset_value: 'not used', label: 'Offsets' }),
      sweepOf({ varied: ['offset_value', 'interval'], offset_value: '150, 0, 50', intervals: ['5m', '1m'] }),
    );
    expect(result).toEqual({
      ok: true,
      runs: 6,
      body: {
        base: {
          strategy_id: 1,
          instrument_id: 4,
          config: { rdx_lot_count: 1, offset_value: 150 },
          from: '2026-11-22',
          to: '2026-11-28',
          interval: '1m',
          price_source: 'model',
          fill_model: 'close',
          slippage_ticks: 0,
          label: 'Offsets',
        },
        grid: { offset_value: [150, 0, 50], interval: ['1m', '5m'] },
      },
    });
  });

  it('is refused at the field that is wrong', () => {
    expect(sweepFormToBody(form(), emptySweepForm())).toMatchObject({ ok: false, field: 'grid' });
    expect(sweepFormToBody(form(), sweepOf({ varied: ['interval'], intervals: [] }))).toEqual({
      ok: false,
      field: 'interval',
      error: 'Tick at least one interval to try',
    });
    expect(sweepFormToBody(form(), sweepOf({ varied: ['rdx_lot_count'], rdx_lot_count: '1, 51' }))).toEqual({
      ok: false,
      field: 'rdx_lot_count',
      error: 'Lot Count must be at most 50 (not 51)',
    });
    expect(
      sweepFormToBody(form({ instrument_id: '' }), sweepOf({ varied: ['rdx_lot_count'], rdx_lot_count: '1' })),
    ).toMatchObject({ ok: false, field: 'instrument_id' });
    const offsets = Array.from({ length: 101 }, (_, i) => i).join(' ');
    expect(
      sweepFormToBody(
        form(),
        sweepOf({
          varied: ['offset_value', 'interval'],
          offset_value: offsets,
          intervals: ['1m', '3m', '5m', '15m', '30m'],
        }),
      ),
    ).toEqual({ ok: false, field: 'grid', error: 'Sweep: 505 runs; a sweep makes at most 500' });
  });
});

describe('the API’s refusal of a sweep', () => {
  it('names the sweep or the setting in the form’s words', () => {
    expect(sweepRefusalOf('grid: 600 runs; a sweep makes at most 500')).toEqual({
      field: 'grid',
      text: 'Sweep: 600 runs; a sweep makes at most 500',
    });
    expect(sweepRefusalOf('grid.offset_value is not a setting of RDX')).toEqual({
      field: 'offset_value',
      text: 'Offset Value is not a setting of RDX',
    });
    expect(sweepRefusalOf('grid.offset is not a setting of RDX')).toEqual({
      field: 'grid',
      text: 'Sweep: offset is not a setting of RDX',
    });
    expect(sweepRefusalOf('config.rdx_lot_count: Lot Count must be at least 1')).toEqual({
      field: 'rdx_lot_count',
      text: 'Lot Count must be at least 1',
    });
    expect(sweepRefusalOf('from: the console holds no candles of SANDBOX 24x7 in this range')).toEqual({
      field: 'from',
      text: 'From: the console holds no candles of SANDBOX 24x7 in this range',
    });
  });
});
