import { describe, expect, it } from 'vitest';
import {
  changeLabForm,
  emptyLabForm,
  labFormFromRun,
  labFormFromHandOff,
  labFormToBody,
  pickLabStrategy,
  refusalOf,
  type LabFormValues,
} from './backtest-form';
import { legsHandOff } from '../strategy-builder/builder-plan';
import { backtestRun, STRANGLE } from './lab-fixture';

const NOW = Date.parse('2026-11-28T20:00:00+05:30');

function filled(overrides: Partial<LabFormValues> = {}): LabFormValues {
  return { ...emptyLabForm(NOW, '1'), instrument_id: '4', ...overrides };
}

describe('the backtest form', () => {
  it('starts on the last week (IST) with RDX defaults, modelled prices and close fills', () => {
    expect(emptyLabForm(NOW)).toEqual({
      strategy_id: '',
      strategy_type: 'rdx',
      legs: null,
      instrument_id: '',
      rdx_lot_count: '1',
      offset_value: '0',
      interval: '15m',
      from: '2026-11-22',
      to: '2026-11-28',
      price_source: 'model',
      fill_model: 'close',
      slippage_ticks: '0',
      model_iv_source: 'fixed',
      model_iv: '',
      label: '',
    });
    // 01:00 IST on the 29th is still the 28th in UTC: the days are India's.
    expect(emptyLabForm(Date.parse('2026-11-29T01:00:00+05:30')).to).toBe('2026-11-29');
  });

  it('makes the API request, the interval once at the top and the RDX settings in config', () => {
    const result = labFormToBody(
      filled({ rdx_lot_count: '2', offset_value: '150.5', interval: '5m', model_iv: '18', label: '  wide  ' }),
    );
    expect(result).toEqual({
      ok: true,
      body: {
        strategy_id: 1,
        instrument_id: 4,
        config: { rdx_lot_count: 2, offset_value: 150.5 },
        from: '2026-11-22',
        to: '2026-11-28',
        interval: '5m',
        price_source: 'model',
        fill_model: 'close',
        slippage_ticks: 0,
        model_iv: 18,
        label: 'wide',
      },
    });
  });

  it('leaves the model IV out when blank or when prices are not modelled', () => {
    const blank = labFormToBody(filled());
    expect(blank.ok && 'model_iv' in blank.body).toBe(false);
    const recorded = labFormToBody(filled({ price_source: 'recorded', model_iv: '30' }));
    expect(recorded.ok && 'model_iv' in recorded.body).toBe(false);
  });

  it('asks for India VIX instead of a figure, and only for modelled prices', () => {
    const atVix = labFormToBody(filled({ model_iv_source: 'india_vix', model_iv: '30' }));
    expect(atVix.ok && atVix.body).toMatchObject({ price_source: 'model', model_iv_source: 'india_vix' });
    expect(atVix.ok && 'model_iv' in atVix.body).toBe(false);
    const recorded = labFormToBody(filled({ price_source: 'recorded', model_iv_source: 'india_vix' }));
    expect(recorded.ok && 'model_iv_source' in recorded.body).toBe(false);
    expect(labFormFromRun(backtestRun({ model_iv: null, model_iv_source: 'india_vix' }))).toMatchObject({
      model_iv_source: 'india_vix',
      model_iv: '',
    });
  });

  it('names the field of the first problem, in the form words', () => {
    expect(labFormToBody(filled({ instrument_id: '' }))).toEqual({
      ok: false,
      field: 'instrument_id',
      error: 'Choose an instrument',
    });
    expect(labFormToBody(filled({ rdx_lot_count: '0' }))).toMatchObject({ ok: false, field: 'rdx_lot_count' });
    expect(labFormToBody(filled({ rdx_lot_count: '' }))).toEqual({
      ok: false,
      field: 'rdx_lot_count',
      error: 'Lot Count is required',
    });
    expect(labFormToBody(filled({ offset_value: '999999' }))).toMatchObject({
      ok: false,
      field: 'offset_value',
      error: expect.stringMatching(/^Offset Value must be between/),
    });
    expect(labFormToBody(filled({ from: '2026-11-28', to: '2026-11-27' }))).toEqual({
      ok: false,
      field: 'to',
      error: 'To must be on or after From',
    });
    expect(labFormToBody(filled({ slippage_ticks: '1.5' }))).toMatchObject({ ok: false, field: 'slippage_ticks' });
    expect(labFormToBody(filled({ model_iv: '500' }))).toEqual({
      ok: false,
      field: 'model_iv',
      error: 'Model IV (%) must be at most 200 (percent)',
    });
  });

  it('drops the paper fill model when the prices chosen come without recorded quotes', () => {
    const recorded = filled({ price_source: 'recorded', fill_model: 'paper' });
    expect(labFormToBody(recorded).ok).toBe(true);
    expect(changeLabForm(recorded, 'price_source', 'model').fill_model).toBe('close');
    expect(changeLabForm(recorded, 'price_source', 'recorded').fill_model).toBe('paper');
    expect(labFormToBody(filled({ fill_model: 'paper' }))).toMatchObject({ ok: false, field: 'fill_model' });
  });

  it('is filled from a run to try a variation of it', () => {
    expect(labFormFromRun(backtestRun())).toEqual({
      strategy_id: '1',
      strategy_type: 'rdx',
      legs: null,
      instrument_id: '4',
      rdx_lot_count: '2',
      offset_value: '100',
      interval: '1m',
      from: '2026-11-27',
      to: '2026-11-28',
      price_source: 'model',
      fill_model: 'close',
      slippage_ticks: '0',
      model_iv_source: 'fixed',
      model_iv: '14',
      label: '',
    });
  });
});

describe('a Multi-leg backtest', () => {
  const STRATEGIES = [
    { id: 1, type: 'rdx' },
    { id: 3, type: 'legs' },
  ];

  it("starts from the builder's hand-off: its index and legs, deciding every minute for a timed entry", () => {
    const v = labFormFromHandOff(NOW, legsHandOff(4, 'short-strangle-25-sl', STRANGLE));
    expect(v).toMatchObject({ strategy_type: 'legs', legs: STRANGLE, instrument_id: '4', interval: '1m' });
    expect(labFormToBody({ ...v, strategy_id: '3' })).toEqual({
      ok: true,
      body: {
        strategy_id: 3,
        instrument_id: 4,
        // The legs as the builder made them; no lot count or offset (RDX's) goes with them.
        config: STRANGLE,
        from: '2026-11-22',
        to: '2026-11-28',
        interval: '1m',
        price_source: 'model',
        fill_model: 'close',
        slippage_ticks: 0,
      },
    });
  });

  it("decides on a candle-close entry's own interval", () => {
    const onClose = { ...STRANGLE, entry: { kind: 'candle_close' as const, interval: '5m' as const } };
    expect(labFormFromHandOff(NOW, legsHandOff(4, null, onClose)).interval).toBe('5m');
  });

  it('switches fields with the strategy picked, and refuses a Multi-leg run with no legs', () => {
    const legs = pickLabStrategy(filled(), '3', STRATEGIES);
    expect(legs).toMatchObject({ strategy_id: '3', strategy_type: 'legs', interval: '1m' });
    expect(labFormToBody(legs)).toEqual({
      ok: false,
      field: 'strategy_id',
      error: 'Build the legs in the Strategy Builder first',
    });
    expect(pickLabStrategy(legs, '1', STRATEGIES)).toMatchObject({ strategy_type: 'rdx', interval: '15m' });
  });

  it('is filled from a Multi-leg run with its legs', () => {
    const run = backtestRun({ strategy_id: 3, strategy_name: 'Multi-leg', config: { ...STRANGLE } });
    expect(labFormFromRun(run)).toMatchObject({ strategy_id: '3', strategy_type: 'legs', legs: STRANGLE });
  });
});

describe("the API's refusals", () => {
  it('name the field in the form words and say which field to mark', () => {
    expect(
      refusalOf(
        'from: the console holds no candles of SANDBOX 24x7 in this range (fetch its history on Market Data first)',
      ),
    ).toEqual({
      field: 'from',
      text: 'From: the console holds no candles of SANDBOX 24x7 in this range (fetch its history on Market Data first)',
    });
    expect(refusalOf('to must be after from')).toEqual({ field: 'to', text: 'To must be after From' });
    expect(refusalOf('price_source: no option candles of NIFTY recorded while live sync ran in this range')).toEqual({
      field: 'price_source',
      text: 'Option prices: no option candles of NIFTY recorded while live sync ran in this range',
    });
    expect(refusalOf('config.offset_value: Offset Value must be between -5,000 and 5,000')).toEqual({
      field: 'offset_value',
      text: 'Offset Value must be between -5,000 and 5,000',
    });
    expect(refusalOf('instrument_id: RDX trades index options only')).toEqual({
      field: 'instrument_id',
      text: 'Instrument: RDX trades index options only',
    });
  });

  it('are shown as they came when they name no field', () => {
    expect(refusalOf('A backtest covers at most 5 years: choose a later from or an earlier to')).toEqual({
      field: null,
      text: 'A backtest covers at most 5 years: choose a later from or an earlier to',
    });
    expect(refusalOf('the console is busy')).toEqual({ field: null, text: 'the console is busy' });
  });
});
