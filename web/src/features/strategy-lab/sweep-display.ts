import { labelOf, RDX_INTERVALS, toPaise, type Backtest, type Sweep } from '@app/contract';
import { formatInr, formatQuantity } from '../../lib/format';
import { formatPnl } from '../positions/pnl-display';
import { isActive, rdxSettingsOf, statusText } from './backtest-display';
import { SWEEP_FIELDS } from './sweep-form';

/*
 * How the Strategy Lab shows a sweep (issue 30): its runs best first, the settings it varied, a heat map of two
 * of them, and the trader's sweeps gathered from their runs. Pure, so the screen and its tests read the same.
 */

/** One run of a sweep as it stands now (its progress from the realtime bridge). */
export type SweepRun = Sweep['runs'][number] & { progress: number };

const netOf = (run: Pick<SweepRun, 'status' | 'summary'>): number | null =>
  run.status === 'done' && run.summary ? run.summary.net_pnl : null;

/**
 * Best first, as the API orders a sweep: finished runs by net P&L (highest first, the older run first on a tie),
 * then the rest in the order they were made. Kept here too so a run that finishes moves up at once.
 */
export function bestFirst<T extends Pick<SweepRun, 'id' | 'status' | 'summary'>>(runs: readonly T[]): T[] {
  return [...runs].sort((a, b) => {
    const [x, y] = [netOf(a), netOf(b)];
    if (x !== null && y !== null) return y - x || a.id - b.id;
    if (x !== null) return -1;
    if (y !== null) return 1;
    return a.id - b.id;
  });
}

/**
 * The sweep's runs as they stand: each as the runs list has it now (moved by `backtest_progress`, its summary
 * read when it ended), else as the sweep was read; best first.
 */
export function liveSweepRuns(sweep: Sweep, listed: readonly Backtest[] | undefined): SweepRun[] {
  const byId = new Map((listed ?? []).map((r) => [r.id, r]));
  return bestFirst(
    sweep.runs.map((r) => {
      const now = byId.get(r.id);
      if (!now) return { ...r, progress: r.status === 'done' ? 1 : 0 };
      return {
        id: r.id,
        config: r.config,
        status: now.status,
        progress: now.progress,
        summary: now.summary ?? r.summary,
      };
    }),
  );
}

/** A setting's value as a key (a config's values are numbers or strings). */
const keyOf = (value: unknown): string => (typeof value === 'number' ? String(value) : JSON.stringify(value));

/** The settings whose values differ between the runs: the ones the sweep varied (RDX's in SWEEP_FIELDS order). */
export function variedFields(runs: ReadonlyArray<Pick<SweepRun, 'config'>>): string[] {
  const values = new Map<string, Set<string>>();
  for (const run of runs) {
    for (const [field, value] of Object.entries(run.config)) {
      const seen = values.get(field) ?? new Set<string>();
      seen.add(keyOf(value));
      values.set(field, seen);
    }
  }
  const varied = [...values].filter(([, seen]) => seen.size > 1).map(([field]) => field);
  const rank = (f: string) => {
    const i = (SWEEP_FIELDS as readonly string[]).indexOf(f);
    return i === -1 ? SWEEP_FIELDS.length : i;
  };
  return varied.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The distinct values a setting takes over the runs, in reading order: numbers up, intervals shortest first. */
export function fieldValues(runs: ReadonlyArray<Pick<SweepRun, 'config'>>, field: string): unknown[] {
  const byKey = new Map<string, unknown>();
  for (const run of runs) if (field in run.config) byKey.set(keyOf(run.config[field]), run.config[field]);
  const order = (v: unknown) => (RDX_INTERVALS as readonly unknown[]).indexOf(v);
  return [...byKey.values()].sort((a, b) => {
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    if (order(a) !== -1 && order(b) !== -1) return order(a) - order(b);
    return keyOf(a).localeCompare(keyOf(b));
  });
}

/** A setting's name on screen: "Offset Value", "Lot Count", "Interval". */
export const fieldLabel = (field: string): string => (field === 'interval' ? 'Interval' : labelOf(field));

/** A setting's value as a trader reads it: "₹100.00", "2 lots", "5m". */
export function valueText(field: string, value: unknown): string {
  if (field === 'offset_value' && typeof value === 'number') return formatInr(value);
  if (field === 'rdx_lot_count' && typeof value === 'number') {
    return value === 1 ? '1 lot' : `${formatQuantity(value)} lots`;
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** What one run tried, in the varied settings' words: "Offset Value ₹100.00, Interval 5m". */
export const comboText = (run: Pick<SweepRun, 'config'>, varied: readonly string[]): string =>
  varied.map((f) => `${fieldLabel(f)} ${valueText(f, run.config[f])}`).join(', ');

/** A run's net P&L as its cell and row say it, or where it stands while it has none ("Running 40%"). */
export function netText(run: Pick<SweepRun, 'status' | 'progress' | 'summary'>): string {
  const net = netOf(run);
  return net === null ? statusText(run) : formatPnl(net).text;
}

/** The colour scale's ends: a loss's red and a gain's green, dark enough for the figure's light text on them. */
export const HEAT_LOSS = [170, 36, 54] as const;
export const HEAT_GAIN = [16, 110, 76] as const;
/** No gain nor loss: the panel's own raised shade. */
export const HEAT_ZERO = [29, 40, 51] as const;
/** The least tint a gain or loss gets, so a small one still reads as red or green. */
const MIN_TINT = 0.25;

/**
 * A net P&L's cell colour, red to green through the panel's shade at zero; its strength by the size of the figure
 * against the sweep's largest (one scale for gains and losses, so equal colours are equal rupees).
 */
export function heatColor(net: number, largest: number): string {
  const paise = toPaise(net);
  const end = paise < 0 ? HEAT_LOSS : HEAT_GAIN;
  const share = paise === 0 || largest <= 0 ? 0 : Math.min(1, Math.abs(net) / largest);
  const t = paise === 0 ? 0 : MIN_TINT + (1 - MIN_TINT) * share;
  const [r, g, b] = HEAT_ZERO.map((zero, i) => Math.round(zero + (end[i]! - zero) * t));
  return `rgb(${r}, ${g}, ${b})`;
}

/** One square of the heat map: the run at that pair of values (none when it was removed), its figure and colour. */
export interface HeatCell {
  run: SweepRun | null;
  text: string;
  /** Null while the run is unfinished (shown as pending) or without one. */
  color: string | null;
  isBest: boolean;
}

export interface HeatMap {
  rowField: string;
  colField: string;
  rows: Array<{ value: unknown; text: string }>;
  cols: Array<{ value: unknown; text: string }>;
  /** cells[row][col]. */
  cells: HeatCell[][];
  /** The largest gain or loss (rupees) the colours are scaled to. */
  largest: number;
}

/**
 * The runs laid out by two varied settings: rows the first's values, columns the second's, each square the run
 * with that pair (its net P&L coloured), the best finished run marked.
 */
export function heatMapOf(runs: readonly SweepRun[], rowField: string, colField: string): HeatMap {
  const nets = runs.map(netOf).filter((n): n is number => n !== null);
  const largest = nets.reduce((m, n) => Math.max(m, Math.abs(n)), 0);
  const best = bestFirst(runs).find((r) => netOf(r) !== null)?.id;
  const axis = (field: string) => fieldValues(runs, field).map((value) => ({ value, text: valueText(field, value) }));
  const rows = axis(rowField);
  const cols = axis(colField);
  const at = (row: unknown, col: unknown) =>
    runs.find((r) => keyOf(r.config[rowField]) === keyOf(row) && keyOf(r.config[colField]) === keyOf(col)) ?? null;
  const cells = rows.map((row) =>
    cols.map((col): HeatCell => {
      const run = at(row.value, col.value);
      const net = run ? netOf(run) : null;
      return {
        run,
        text: run ? netText(run) : '-',
        color: net === null ? null : heatColor(net, largest),
        isBest: run !== null && run.id === best,
      };
    }),
  );
  return { rowField, colField, rows, cols, cells, largest };
}

/** How far a sweep's runs have gone together, 0 to 1 (a run that ended counts whole). */
export function sweepProgress(runs: ReadonlyArray<Pick<SweepRun, 'status' | 'progress'>>): number {
  if (runs.length === 0) return 1;
  const of = (r: Pick<SweepRun, 'status' | 'progress'>) =>
    !isActive(r.status) ? 1 : r.status === 'queued' ? 0 : r.progress;
  return runs.reduce((sum, r) => sum + Math.min(1, Math.max(0, of(r))), 0) / runs.length;
}

/** "6 backtests varying Offset Value and Interval: 4 done, the rest running or queued." */
export function sweepProgressText(runs: ReadonlyArray<Pick<SweepRun, 'status'>>, varied: readonly string[]): string {
  const n = runs.length;
  const what = varied.length > 0 ? ` varying ${varied.map(fieldLabel).join(' and ')}` : '';
  const done = runs.filter((r) => r.status === 'done').length;
  const ended = runs.filter((r) => r.status === 'failed' || r.status === 'cancelled').length;
  const rest = runs.some((r) => isActive(r.status)) ? ', the rest running or queued' : '';
  const stopped = ended > 0 ? `, ${ended} failed or cancelled` : '';
  return `${n} backtest${n === 1 ? '' : 's'}${what}: ${done} done${stopped}${rest}.`;
}

/** The settings a sweep held fixed, in the runs list's words: "1 lot · 5m candles". */
export function fixedSettingsText(run: Pick<Backtest, 'config' | 'interval'>, varied: readonly string[]): string {
  const s = rdxSettingsOf(run);
  const parts = [
    varied.includes('rdx_lot_count') ? null : s.lots === 1 ? '1 lot' : `${formatQuantity(s.lots)} lots`,
    varied.includes('offset_value') ? null : `offset ${formatInr(s.offset)}`,
    s.atm > 0 ? `ATM ${formatInr(s.atm)}` : null,
    varied.includes('interval') ? null : `${s.interval} candles`,
  ];
  return parts.filter((p) => p !== null).join(' · ');
}

/** A trader's sweep as their runs list shows it: gathered from the runs' `sweep_id`. */
export interface SweepEntry {
  id: number;
  /** The label the trader gave the sweep (its runs' labels before the combination), or null. */
  label: string | null;
  /** A run of it, for what the runs share (strategy, instrument, range, prices). */
  sample: Backtest;
  varied: string[];
  total: number;
  done: number;
  isActive: boolean;
  /** All its runs' progress together, 0 to 1. */
  progress: number;
  /** The best finished run's net P&L, or null with none finished. */
  bestNet: number | null;
}

/** The trader's label of a sweep, from a run's label `"<label>: offset_value=100, interval=5m"` (null without one). */
export function sweepLabelOf(runLabel: string | null): string | null {
  const match = /^(.+): [a-z_]+=[^:]*$/.exec(runLabel ?? '');
  return match?.[1]?.trim() ? match[1] : null;
}

/** The trader's sweeps, newest first, each with how far it has gone and its best result so far. */
export function sweepsOf(runs: readonly Backtest[]): SweepEntry[] {
  const groups = new Map<number, Backtest[]>();
  for (const run of runs) {
    if (run.sweep_id === null) continue;
    groups.set(run.sweep_id, [...(groups.get(run.sweep_id) ?? []), run]);
  }
  return [...groups]
    .map(([id, members]): SweepEntry => {
      const sample = members.reduce((a, b) => (a.id < b.id ? a : b));
      const nets = members.map(netOf).filter((n): n is number => n !== null);
      return {
        id,
        label: sweepLabelOf(sample.label),
        sample,
        varied: variedFields(members),
        total: members.length,
        done: members.filter((r) => r.status === 'done').length,
        isActive: members.some((r) => isActive(r.status)),
        progress: sweepProgress(members),
        bestNet: nets.length > 0 ? Math.max(...nets) : null,
      };
    })
    .sort((a, b) => b.id - a.id);
}

/** "Offset Value × Interval", or the one setting, or "nothing varied". */
export const variedText = (varied: readonly string[]): string =>
  varied.length === 0 ? 'nothing varied' : varied.map(fieldLabel).join(' × ');

/** "Sweep #3" with its label: "Sweep #3: wide offsets". */
export const sweepName = (sweep: Pick<SweepEntry, 'id' | 'label'>): string =>
  sweep.label ? `Sweep #${sweep.id}: ${sweep.label}` : `Sweep #${sweep.id}`;
