import { describe, expect, it } from 'vitest';
import { isRdxErrorResolved, parseRdxForm, RDX_FORM_DEFAULTS, rdxConfigToForm, toNumber } from './rdx-config-form';

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
      error: 'Lot Count is required',
    });
    expect(parseRdxForm({ ...RDX_FORM_DEFAULTS, rdx_lot_count: '0' })).toEqual({
      ok: false,
      error: 'Lot Count must be at least 1',
    });
  });

  it('rejects a negative ATM but allows a negative offset', () => {
    expect(parseRdxForm({ ...RDX_FORM_DEFAULTS, atm_value: '-5' })).toEqual({
      ok: false,
      error: 'ATM Value must be at least 0',
    });
    const parsed = parseRdxForm({ ...RDX_FORM_DEFAULTS, atm_value: '22500', offset_value: '-100' });
    expect(parsed).toEqual({
      ok: true,
      body: { rdx_lot_count: 1, atm_value: 22500, offset_value: -100, interval: '15m' },
    });
  });

  it('requires an RDX interval', () => {
    expect(parseRdxForm({ ...RDX_FORM_DEFAULTS, interval: '' })).toEqual({ ok: false, error: 'Interval is required' });
    expect(parseRdxForm({ ...RDX_FORM_DEFAULTS, interval: '4h' })).toEqual({
      ok: false,
      error: 'Interval is required',
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

describe('isRdxErrorResolved', () => {
  const form = { ...RDX_FORM_DEFAULTS, rdx_lot_count: '0' };

  it('clears a field error once that field no longer fails that way', () => {
    const error = 'Lot Count must be at least 1';
    expect(isRdxErrorResolved(error, form, { ...form, rdx_lot_count: '2' })).toBe(true);
    expect(isRdxErrorResolved(error, form, { ...form, rdx_lot_count: '' })).toBe(true);
    expect(isRdxErrorResolved(error, form, { ...form, rdx_lot_count: '-1' })).toBe(false);
  });

  it('keeps a field error while other fields are edited', () => {
    expect(isRdxErrorResolved('Lot Count must be at least 1', form, { ...form, atm_value: '22500' })).toBe(false);
  });

  it("clears the server's error about a field when that field is edited", () => {
    const server = 'Offset Value must keep both strikes inside the option chain (22,000 to 23,000)';
    const saved = { ...RDX_FORM_DEFAULTS, offset_value: '5000' };
    expect(isRdxErrorResolved(server, saved, { ...saved, offset_value: '100' })).toBe(true);
    expect(isRdxErrorResolved(server, saved, { ...saved, interval: '5m' })).toBe(false);
  });

  it('clears an error naming no field on any edit, and keeps it when nothing changed', () => {
    expect(isRdxErrorResolved('Failed to save RDX configuration', form, { ...form, interval: '5m' })).toBe(true);
    expect(isRdxErrorResolved('Failed to save RDX configuration', form, { ...form })).toBe(false);
  });
});
