import {
  toPaise,
  toRupees,
  type Backtest,
  type BacktestEquity,
  type BacktestFillModel,
  type BacktestPriceSource,
  type BacktestProgress,
  type BacktestStatus,
} from '@app/contract';
import { formatDateTimeIst, formatInr, formatQuantity } from '../../lib/format';

/*
 * How the Strategy Lab says a backtest's settings and results in a trader's words. Pure, so the screen and its
 * tests read the same text.
 */

/** Each price source in a few words (the select's option) and what it assumes (the run's "assumed" line). */
export const PRICE_SOURCE_WORDS: Record<BacktestPriceSource, { label: string; means: string }> = {
  recorded: { label: 'Recorded', means: 'option prices the console recorded while live sync ran' },
  imported: { label: 'Imported', means: 'option history imported into the console' },
  model: { label: 'Model', means: 'options priced by Black–Scholes from the index' },
};

/** Each fill model in a few words (the select's option) and at which price an order fills. */
export const FILL_MODEL_WORDS: Record<BacktestFillModel, { label: string; means: string }> = {
  close: { label: "Candle's close", means: "orders fill at the option's price at the candle's close" },
  next_open: { label: "Next candle's open", means: "orders fill at the option's price at the next candle's open" },
  paper: {
    label: 'As paper trading (recorded quotes)',
    means: 'orders fill at the recorded bids and offers, as paper trading filled them',
  },
  protected_worst: {
    label: 'Worst with market protection',
    means: 'orders fill at the worst price a market order with protection may get',
  },
};

/** Whether a run still waits or runs (Cancel is offered, progress moves). */
export const isActive = (status: BacktestStatus): boolean => status === 'queued' || status === 'running';

/** A run's status as its row says it: "Running 45%", "Done"… */
export function statusText(run: Pick<Backtest, 'status' | 'progress'>): string {
  switch (run.status) {
    case 'queued':
      return 'Queued';
    case 'running':
      return `Running ${Math.floor(Math.min(1, Math.max(0, run.progress)) * 100)}%`;
    case 'done':
      return 'Done';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A range bound as the trader wrote it: a whole day ("20 Nov 2026") or a date-time, kept as written. */
function boundText(bound: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(bound)) return dayFormat.format(Date.parse(`${bound}T00:00:00Z`));
  return bound.replace('T', ' ');
}

/** The run's range: "20 Nov 2026 – 26 Nov 2026", or one day alone. */
export function rangeText(run: Pick<Backtest, 'from' | 'to'>): string {
  return run.from === run.to ? boundText(run.from) : `${boundText(run.from)} – ${boundText(run.to)}`;
}

/** The RDX settings a run was given, read from its stored configuration. */
export interface RdxRunSettings {
  lots: number;
  atm: number;
  offset: number;
  interval: Backtest['interval'];
}

const numberIn = (config: Record<string, unknown>, key: string, fallback: number): number => {
  const v = config[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
};

/** The run's RDX settings (the server stores them checked, with their defaults filled in). */
export function rdxSettingsOf(run: Pick<Backtest, 'config' | 'interval'>): RdxRunSettings {
  return {
    lots: numberIn(run.config, 'rdx_lot_count', 1),
    atm: numberIn(run.config, 'atm_value', 0),
    offset: numberIn(run.config, 'offset_value', 0),
    interval: run.interval,
  };
}

/** Whether a run is of a Multi-leg configuration (its settings hold legs, not RDX's fields). */
export const isLegsRun = (run: Pick<Backtest, 'config'>): boolean => Array.isArray(run.config.legs);

/**
 * "2 lots · offset ₹100.00 · 5m candles" (and the ATM when one was fixed); a Multi-leg run: "2 legs · 1m candles"
 * (its legs are listed in full under the summary).
 */
export function settingsText(run: Pick<Backtest, 'config' | 'interval'>): string {
  if (isLegsRun(run)) {
    const count = (run.config.legs as unknown[]).length;
    return `${count === 1 ? '1 leg' : `${count} legs`} · ${run.interval} candles`;
  }
  const s = rdxSettingsOf(run);
  const lots = s.lots === 1 ? '1 lot' : `${formatQuantity(s.lots)} lots`;
  const atm = s.atm > 0 ? ` · ATM ${formatInr(s.atm)}` : '';
  return `${lots} · offset ${formatInr(s.offset)}${atm} · ${s.interval} candles`;
}

/** "Model (14% IV)" or "Recorded": the list's short form of where prices came from. */
export function sourceText(run: Pick<Backtest, 'price_source' | 'model_iv' | 'model_iv_source'>): string {
  const label = PRICE_SOURCE_WORDS[run.price_source].label;
  if (run.price_source !== 'model') return label;
  if (run.model_iv_source === 'india_vix') return `${label} (India VIX)`;
  return run.model_iv !== null ? `${label} (${run.model_iv}% IV)` : label;
}

/** The line under a run's summary saying what it assumed about prices and fills. */
export function assumptionText(
  run: Pick<Backtest, 'price_source' | 'model_iv' | 'model_iv_source' | 'fill_model' | 'slippage_ticks'>,
): string {
  const source = PRICE_SOURCE_WORDS[run.price_source].means;
  const iv =
    run.price_source !== 'model'
      ? ''
      : run.model_iv_source === 'india_vix'
        ? ' at India VIX’s last reading at each close'
        : run.model_iv !== null
          ? ` at ${run.model_iv}% implied volatility`
          : '';
  const slip =
    run.slippage_ticks === 0
      ? 'no slippage added'
      : `${run.slippage_ticks} tick${run.slippage_ticks === 1 ? '' : 's'} (${formatInr(toRupees(run.slippage_ticks * 5))}) of slippage against each fill`;
  // One flat volatility, no smile or skew (docs/BACKTEST.md): said, so the P&L is not read as an edge.
  const sketch =
    run.price_source !== 'model'
      ? ''
      : run.model_iv_source === 'india_vix'
        ? ' A model prices every strike at the same volatility, with no smile or skew: read its P&L as how the strategy trades, not as its edge.'
        : ' A model has one flat volatility: read its P&L as how the strategy trades, not as its edge.';
  return `Assumed: ${source}${iv}; ${FILL_MODEL_WORDS[run.fill_model].means}; ${slip}.${sketch}`;
}

/** A run's name in lists: its label, or what it tried. */
export function runName(run: Pick<Backtest, 'id' | 'label' | 'strategy_name' | 'instrument_name'>): string {
  return run.label?.trim() ? run.label : `#${run.id} ${run.strategy_name} on ${run.instrument_name}`;
}

const percent = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 0 });

/** Win rate as a share of closing trades: "57%", or a dash with none closed. */
export function winRateText(winRate: number | null): string {
  return winRate === null ? '-' : percent.format(winRate);
}

/** Newest first: by when it was queued, the higher id first on a tie. */
export function newestFirst<T extends Pick<Backtest, 'id' | 'created_at'>>(runs: readonly T[]): T[] {
  return [...runs].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
}

/**
 * A progress event merged into the cached runs: null when the run is not among them (queued in another tab),
 * so the caller reads the list again instead.
 */
export function withProgress(runs: readonly Backtest[], p: BacktestProgress): Backtest[] | null {
  if (!runs.some((r) => r.id === p.id)) return null;
  return runs.map((r) => (r.id === p.id ? { ...r, status: p.status, progress: p.progress } : r));
}

/** One point of a curve as the chart takes it: epoch seconds, rupees. */
export interface CurvePoint {
  time: number;
  value: number;
}

/**
 * The equity points as a chart series: seconds, ascending, one per second (the chart refuses two at one time;
 * the later point wins, as it is the state after everything at that instant).
 */
export function equityCurve(points: BacktestEquity['points']): CurvePoint[] {
  const bySecond = new Map<number, number>();
  const sorted = [...points].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  for (const p of sorted) bySecond.set(Math.floor(Date.parse(p.time) / 1000), p.net_pnl);
  return [...bySecond].map(([time, value]) => ({ time, value }));
}

/**
 * How far below its best so far the curve is at each point (≤ 0), the best starting at 0 as the run does: the
 * same measure as the summary's max drawdown, in paise so it never drifts.
 */
export function drawdownCurve(curve: readonly CurvePoint[]): CurvePoint[] {
  let peak = 0;
  return curve.map((p) => {
    const paise = toPaise(p.value);
    peak = Math.max(peak, paise);
    return { time: p.time, value: toRupees(paise - peak) };
  });
}

/** The deepest fall of the curve (a positive amount, 0 without one). */
export function maxDrawdownOf(curve: readonly CurvePoint[]): number {
  return drawdownCurve(curve).reduce((deepest, p) => Math.max(deepest, -p.value), 0);
}

/** Rows of a long table one page at a time. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): T[] {
  return rows.slice(page * size, page * size + size);
}

/**
 * A result that stood on fewer prices than it needed says so (docs/BACKTEST.md): at how many closes a trade was
 * skipped because the source lacked an option price it needed, and the first of them (IST). Null when none was.
 */
export function missingPricesText(missing: { count: number; first: string | null }): string | null {
  if (missing.count === 0) return null;
  const closes = missing.count === 1 ? '1 close' : `${formatQuantity(missing.count)} closes`;
  const first = missing.first ? ` (the first at ${formatDateTimeIst(missing.first)})` : '';
  return `Missing prices: at ${closes}${first} a trade was skipped because the source lacked an option price it needed; live trading could have traded there.`;
}

/**
 * The orders a run would have sent live: "1,240", with how many the broker's order rate would have held
 * back a second or more when any would ("1,240 (12 held back by the broker's order rate)"). Null for runs made before orders were counted.
 */
export function ordersText(orders: { count: number; rate_limited: number } | undefined): string | null {
  if (!orders) return null;
  const count = formatQuantity(orders.count);
  return orders.rate_limited === 0
    ? count
    : `${count} (${formatQuantity(orders.rate_limited)} held back by the broker's order rate)`;
}

/** A fill's reason as a trader reads it: "Entry", "Expiry settlement". */
export const reasonText = (reason: string): string => (reason ? reason[0]!.toUpperCase() + reason.slice(1) : '-');
