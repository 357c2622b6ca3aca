import {
  BACKTEST_MAX_SWEEP_RUNS,
  RDX_INTERVALS,
  SaveRdxConfigSchema,
  type CreateSweep,
  type RdxInterval,
} from '@app/contract';
import { labFormToBody, LAB_FIELD_LABELS, refusalOf, type LabField, type LabFormValues } from './backtest-form';

/*
 * A sweep on the Strategy Lab's form (issue 30): the same base settings, and up to two RDX settings each given a
 * list of values; every combination is one backtest. Pure, so the form and its tests read the same rules.
 */

/** The settings a sweep may vary, in the order the grid is sent and the heat map reads them (rows, then columns). */
export const SWEEP_FIELDS = ['offset_value', 'rdx_lot_count', 'interval'] as const;
export type SweepField = (typeof SWEEP_FIELDS)[number];

/** A sweep varies at most two settings: two make a heat map, a third would make a cube nobody reads. */
export const MAX_VARIED = 2;

/** The list fields' names on the form, as a refusal says them. */
export const SWEEP_LIST_LABELS: Record<SweepField, string> = {
  offset_value: 'Offset Values',
  rdx_lot_count: 'Lot Counts',
  interval: 'Intervals',
};

/** A list's example, said when it is empty (and shown as its placeholder). */
export const EXAMPLES: Record<Exclude<SweepField, 'interval'>, string> = {
  offset_value: '0, 50, 100, 150',
  rdx_lot_count: '1, 2, 3',
};

/** Whether the form queues one backtest or a sweep of them. */
export type LabMode = 'run' | 'sweep';

/** The sweep's part of the form as typed: which settings vary (in SWEEP_FIELDS order) and their lists. */
export interface SweepFormValues {
  varied: SweepField[];
  /** "0, 50, 100, 150": rupees, separated by commas or spaces. */
  offset_value: string;
  /** "1, 2, 3". */
  rdx_lot_count: string;
  intervals: RdxInterval[];
}

export const emptySweepForm = (): SweepFormValues => ({
  varied: [],
  offset_value: '',
  rdx_lot_count: '',
  intervals: [],
});

/**
 * A setting ticked to vary or not. A list starts from the setting's single value on the form, so a trader adds to
 * what they were trying; a third setting is not taken (the form disables its box).
 */
export function toggleVaried(sweep: SweepFormValues, field: SweepField, base: LabFormValues): SweepFormValues {
  if (sweep.varied.includes(field)) return { ...sweep, varied: sweep.varied.filter((f) => f !== field) };
  if (sweep.varied.length >= MAX_VARIED) return sweep;
  const varied = SWEEP_FIELDS.filter((f) => f === field || sweep.varied.includes(f));
  if (field === 'interval') {
    const intervals = sweep.intervals.length > 0 ? sweep.intervals : RDX_INTERVALS.filter((i) => i === base.interval);
    return { ...sweep, varied, intervals };
  }
  return { ...sweep, varied, [field]: sweep[field].trim() ? sweep[field] : base[field].trim() };
}

/** An interval ticked or not in the sweep's list; the list keeps the intervals' own order (1m first). */
export function toggleInterval(sweep: SweepFormValues, interval: RdxInterval): SweepFormValues {
  const has = sweep.intervals.includes(interval);
  return {
    ...sweep,
    intervals: RDX_INTERVALS.filter((i) => (i === interval ? !has : sweep.intervals.includes(i))),
  };
}

/** The entries of a typed list: commas, semicolons or spaces part them. */
const tokensOf = (text: string): string[] => text.split(/[\s,;]+/).filter((t) => t !== '');

export type ListResult = { ok: true; values: number[] } | { ok: false; error: string };

/**
 * A typed list of a numeric setting ("0, 50, 100") as its values, each checked by the schema the server checks
 * the setting with (so both say the same), a value listed twice taken once; or the first problem, in words.
 */
export function parseValueList(field: Exclude<SweepField, 'interval'>, text: string): ListResult {
  const tokens = tokensOf(text);
  const name = SWEEP_LIST_LABELS[field];
  if (tokens.length === 0) return { ok: false, error: `List the ${name} to try, e.g. ${EXAMPLES[field]}` };
  const values: number[] = [];
  for (const token of tokens) {
    const n = Number(token);
    if (!Number.isFinite(n)) return { ok: false, error: `${name}: “${token}” is not a number` };
    const checked = SaveRdxConfigSchema.shape[field].safeParse(n);
    if (!checked.success)
      return { ok: false, error: `${checked.error.issues[0]?.message ?? 'Not allowed'} (not ${token})` };
    if (!values.includes(n)) values.push(n);
  }
  return { ok: true, values };
}

/** How many values a varied setting has as typed (a value listed twice counts once; a typo counts, to be refused on Run). */
function listCount(sweep: SweepFormValues, field: SweepField): number {
  if (field === 'interval') return sweep.intervals.length;
  const seen = new Set(tokensOf(sweep[field]).map((t) => (Number.isFinite(Number(t)) ? String(Number(t)) : t)));
  return seen.size;
}

/** How many backtests the sweep makes: every combination of the varied settings' values (0 with none varied). */
export function runCount(sweep: SweepFormValues): number {
  if (sweep.varied.length === 0) return 0;
  return sweep.varied.reduce((n, field) => n * listCount(sweep, field), 1);
}

/** "6 backtests: 3 Offset Values × 2 Intervals", said under the form before Run. */
export function runCountText(sweep: SweepFormValues): string {
  if (sweep.varied.length === 0) return 'Tick a setting to vary (two at most).';
  const n = runCount(sweep);
  const parts = sweep.varied.map((f) => {
    const count = listCount(sweep, f);
    return `${count} ${count === 1 ? LAB_FIELD_LABELS[f] : SWEEP_LIST_LABELS[f]}`;
  });
  const total = `${n} backtest${n === 1 ? '' : 's'}`;
  const over = n > BACKTEST_MAX_SWEEP_RUNS ? `: a sweep makes at most ${BACKTEST_MAX_SWEEP_RUNS}` : '';
  return `${total} (${parts.join(' × ')})${over}`;
}

/** A sweep's refusal names a setting, or the sweep as a whole (`grid`: how many runs, nothing varied). */
export type SweepRefusalField = LabField | 'grid';

export type SweepFormResult =
  { ok: true; body: CreateSweep; runs: number } | { ok: false; field: SweepRefusalField; error: string };

/**
 * The form as the API's sweep request, or the first problem named in the form's words. The base is the single
 * run's request with each varied setting at its first value, so a hidden single field never refuses it.
 */
export function sweepFormToBody(values: LabFormValues, sweep: SweepFormValues): SweepFormResult {
  if (sweep.varied.length === 0) {
    return { ok: false, field: 'grid', error: 'Tick a setting to vary: Offset Value, Lot Count or Interval' };
  }
  const grid: Record<string, unknown[]> = {};
  const base: LabFormValues = { ...values };
  for (const field of SWEEP_FIELDS.filter((f) => sweep.varied.includes(f))) {
    if (field === 'interval') {
      if (sweep.intervals.length === 0) return { ok: false, field, error: 'Tick at least one interval to try' };
      const intervals = RDX_INTERVALS.filter((i) => sweep.intervals.includes(i));
      grid.interval = intervals;
      base.interval = intervals[0]!;
      continue;
    }
    const list = parseValueList(field, sweep[field]);
    if (!list.ok) return { ok: false, field, error: list.error };
    grid[field] = list.values;
    base[field] = String(list.values[0]);
  }
  const runs = Object.values(grid).reduce((n, v) => n * v.length, 1);
  if (runs > BACKTEST_MAX_SWEEP_RUNS) {
    return { ok: false, field: 'grid', error: `Sweep: ${runs} runs; a sweep makes at most ${BACKTEST_MAX_SWEEP_RUNS}` };
  }
  const parsed = labFormToBody(base);
  if (!parsed.ok) return parsed;
  return { ok: true, body: { base: parsed.body, grid }, runs };
}

/**
 * The API's refusal of a sweep in the form's words: "grid: 600 runs; …" names the sweep, "grid.offset_value …" the
 * setting; any other is a run's refusal (refusalOf).
 */
export function sweepRefusalOf(message: string): { field: SweepRefusalField | null; text: string } {
  const match = /^grid(?:\.([a-z_]+))?(:\s*|\s+)([\s\S]*)$/.exec(message);
  if (!match) return refusalOf(message);
  const [, setting, gap = '', rest = ''] = match;
  if (!setting) return { field: 'grid', text: `Sweep: ${rest}` };
  const named = refusalOf(`config.${setting}${gap}${rest}`);
  // A setting the form does not know (an API caller's typo) is said as it came, under the sweep.
  return named.field ? named : { field: 'grid', text: `Sweep: ${setting}${gap}${rest}` };
}
