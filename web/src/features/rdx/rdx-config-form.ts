import { labelOf, RDX_INTERVALS, SaveRdxConfigSchema, type RdxConfig, type SaveRdxConfig } from '@app/contract';
import { toInt } from '../../lib/format';

/** The RDX form as typed: strings, parsed on submit. */
export interface RdxFormValues {
  rdx_lot_count: string;
  atm_value: string;
  offset_value: string;
  interval: string;
}

/** SPEC §3/§9 defaults: lot count 1, ATM 0, offset 0, interval 15m. */
export const RDX_FORM_DEFAULTS: RdxFormValues = {
  rdx_lot_count: '1',
  atm_value: '0',
  offset_value: '0',
  interval: '15m',
};

export function rdxConfigToForm(config: RdxConfig): RdxFormValues {
  return {
    rdx_lot_count: String(config.rdx_lot_count),
    atm_value: String(config.atm_value),
    offset_value: String(config.offset_value),
    interval: config.interval,
  };
}

/** A decimal input as a number; empty or junk reads as 0 (the field defaults). */
export function toNumber(value: string): number {
  const n = Number(value.trim());
  return value.trim() !== '' && Number.isFinite(n) ? n : 0;
}

/**
 * Validates and converts the form (SPEC §5: lot count required, min 1; ATM min 0; interval
 * required) with the contract schema the server uses, so both give the same message.
 */
export function parseRdxForm(values: RdxFormValues): { ok: true; body: SaveRdxConfig } | { ok: false; error: string } {
  if (!values.rdx_lot_count.trim()) return { ok: false, error: `${labelOf('rdx_lot_count')} is required` };
  if (!RDX_INTERVALS.includes(values.interval as (typeof RDX_INTERVALS)[number])) {
    return { ok: false, error: `${labelOf('interval')} is required` };
  }
  const parsed = SaveRdxConfigSchema.safeParse({
    rdx_lot_count: toInt(values.rdx_lot_count),
    atm_value: toNumber(values.atm_value),
    offset_value: toNumber(values.offset_value),
    interval: values.interval,
  });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid RDX configuration' };
  return { ok: true, body: parsed.data };
}

const FIELDS: ReadonlyArray<keyof RdxFormValues> = ['rdx_lot_count', 'atm_value', 'offset_value', 'interval'];

/**
 * Whether an error banner about the form should go once the values changed from `before` to
 * `after`. A message that names a field ("Lot Count must be at least 1", the server's offset
 * check) goes when that field is edited and the form no longer fails with the same message;
 * a message naming no field goes on any edit, since the form can no longer tell it still holds.
 */
export function isRdxErrorResolved(error: string, before: RdxFormValues, after: RdxFormValues): boolean {
  const changed = FIELDS.filter((f) => before[f] !== after[f]);
  if (changed.length === 0) return false;
  const named = FIELDS.filter((f) => error.includes(labelOf(f)));
  if (named.length > 0 && !named.some((f) => changed.includes(f))) return false;
  const parsed = parseRdxForm(after);
  return parsed.ok || parsed.error !== error;
}
