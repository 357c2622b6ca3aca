import { describe, expect, it } from 'vitest';
import { parseRdxForm, RDX_FORM_DEFAULTS, rdxConfigToForm, toNumber } from './rdx-config-form';

describe('parseRdxForm', () => {
  it('accepts the SPEC defaults', () => {
    expect(parseRdxForm(RDX_FORM_DEFAULTS)).toEqual({
      ok: true,
      body: { rdx_lot_count: 1, atm_value: 0, offset_value: 0, interval: '15m' },
    });
  });

  it('requires a lot count of at least 1', () => {
    expect(parseRdxForm({ ...RDX_FORM_DEFAULTS, rdx_lot_count: '' })).toEqual({
      ok: false,
      error: 'rdx_lot_count is required',
    });
    expect(parseRdxForm({ ...RDX_FORM_DEFAULTS, rdx_lot_count: '0' })).toEqual({
      ok: false,
      error: 'rdx_lot_count must be at least 1',
    });
  });

  it('rejects a negative ATM but allows a negative offset', () => {
    expect(parseRdxForm({ ...RDX_FORM_DEFAULTS, atm_value: '-5' })).toEqual({
      ok: false,
      error: 'atm_value must be at least 0',
    });
    const parsed = parseRdxForm({ ...RDX_FORM_DEFAULTS, atm_value: '22500', offset_value: '-100' });
    expect(parsed).toEqual({
      ok: true,
      body: { rdx_lot_count: 1, atm_value: 22500, offset_value: -100, interval: '15m' },
    });
  });

  it('requires an RDX interval', () => {
    expect(parseRdxForm({ ...RDX_FORM_DEFAULTS, interval: '' })).toEqual({ ok: false, error: 'interval is required' });
    expect(parseRdxForm({ ...RDX_FORM_DEFAULTS, interval: '4h' })).toEqual({
      ok: false,
      error: 'interval is required',
    });
  });
});

describe('rdxConfigToForm / toNumber', () => {
  it('round-trips a saved configuration', () => {
    const form = rdxConfigToForm({
      id: 1,
      user_strategy_mapping_id: 2,
      rdx_lot_count: 3,
      atm_value: 22500,
      offset_value: 150.5,
      interval: '5m',
      atm_last_updated: null,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
    });
    expect(form).toEqual({ rdx_lot_count: '3', atm_value: '22500', offset_value: '150.5', interval: '5m' });
  });

  it('reads empty and junk as 0', () => {
    expect(toNumber('')).toBe(0);
    expect(toNumber('abc')).toBe(0);
    expect(toNumber(' 12.5 ')).toBe(12.5);
  });
});
