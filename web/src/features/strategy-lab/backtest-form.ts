import {
  BACKTEST_MAX_SLIPPAGE_TICKS,
  CreateBacktestSchema,
  RDX_INTERVALS,
  istDay,
  labelOf,
  SaveRdxConfigSchema,
  type Backtest,
  type BacktestFillModel,
  type BacktestIvSource,
  type BacktestPriceSource,
  type CreateBacktest,
  LegsConfigSchema,
  type LegsConfig,
  type Strategy,
} from '@app/contract';
import { toInt } from '../../lib/format';
import { toNumber } from '../rdx/rdx-config-form';
import type { LegsHandOff } from '../strategy-builder/builder-plan';
import { legsIntervalOf } from '../strategy-builder/legs-summary';

/** The strategy types the Lab's form can set up (GET /strategies/list's `type`). */
export const LAB_STRATEGY_TYPES = ['rdx', 'legs'] as const;
export type LabStrategyType = (typeof LAB_STRATEGY_TYPES)[number];

/**
 * The Strategy Lab's form as typed: strings, parsed on Run. A Multi-leg strategy's settings are not typed here:
 * they come whole from the Strategy Builder (or an earlier run) and are shown read-only.
 */
export interface LabFormValues {
  strategy_id: string;
  /** The chosen strategy's type: RDX's fields, or a legs configuration. */
  strategy_type: LabStrategyType;
  /** The Multi-leg configuration to run (null until the builder hands one over). */
  legs: LegsConfig | null;
  instrument_id: string;
  rdx_lot_count: string;
  offset_value: string;
  interval: string;
  from: string;
  to: string;
  price_source: BacktestPriceSource;
  fill_model: BacktestFillModel;
  slippage_ticks: string;
  model_iv_source: BacktestIvSource;
  model_iv: string;
  label: string;
}

export type LabField = Exclude<keyof LabFormValues, 'strategy_type' | 'legs'>;

/** Each field's label on the form; a refusal names its field with these words. */
export const LAB_FIELD_LABELS: Record<LabField, string> = {
  strategy_id: 'Strategy',
  instrument_id: 'Instrument',
  rdx_lot_count: labelOf('rdx_lot_count'),
  offset_value: labelOf('offset_value'),
  interval: 'Interval',
  from: 'From',
  to: 'To',
  price_source: 'Option prices',
  fill_model: 'Fills',
  slippage_ticks: 'Slippage (ticks)',
  model_iv_source: 'Volatility',
  model_iv: 'Model IV (%)',
  label: 'Label',
};

const DAY_MS = 86_400_000;
/** The form starts on the last week (IST), today included. */
const DEFAULT_DAYS = 7;

/**
 * A fresh form: the last week on RDX's defaults (1 lot, offset 0, 15m, SPEC §9), modelled prices (the source
 * every instrument with listing rules has) filled at the close with no slippage. No instrument is chosen for
 * the trader.
 */
export function emptyLabForm(now: number, strategyId = ''): LabFormValues {
  return {
    strategy_id: strategyId,
    strategy_type: 'rdx',
    legs: null,
    instrument_id: '',
    rdx_lot_count: '1',
    offset_value: '0',
    interval: '15m',
    from: istDay(now - (DEFAULT_DAYS - 1) * DAY_MS),
    to: istDay(now),
    price_source: 'model',
    fill_model: 'close',
    slippage_ticks: '0',
    model_iv_source: 'fixed',
    model_iv: '',
    label: '',
  };
}

/**
 * The form for the Strategy Builder's hand-off: the Multi-leg strategy (its id set once the list arrives) on the
 * builder's index, its configuration, and the candle it decides on.
 */
export function labFormFromHandOff(now: number, handOff: LegsHandOff): LabFormValues {
  return {
    ...emptyLabForm(now),
    strategy_type: 'legs',
    legs: handOff.config,
    instrument_id: String(handOff.instrument_id),
    interval: legsIntervalOf(handOff.config),
  };
}

/** A run's Multi-leg configuration, or null for a run of another type (its config holds no `legs`). */
export function legsConfigOfRun(run: Pick<Backtest, 'config'>): LegsConfig | null {
  if (!Array.isArray(run.config.legs)) return null;
  const parsed = LegsConfigSchema.safeParse(run.config);
  return parsed.success ? parsed.data : null;
}

/**
 * Another strategy picked: its type decides the fields. A legs strategy keeps the configuration the form holds
 * and decides on its candle; RDX starts again from its own interval default.
 */
export function pickLabStrategy(
  values: LabFormValues,
  id: string,
  strategies: readonly Pick<Strategy, 'id' | 'type'>[],
): LabFormValues {
  const type = strategies.find((s) => String(s.id) === id)?.type === 'legs' ? 'legs' : 'rdx';
  if (type === values.strategy_type) return { ...values, strategy_id: id };
  const interval = type === 'legs' ? (values.legs ? legsIntervalOf(values.legs) : '1m') : '15m';
  return { ...values, strategy_id: id, strategy_type: type, interval };
}

/** The form filled from an earlier run, to try a variation of it. */
export function labFormFromRun(run: Backtest): LabFormValues {
  const legs = legsConfigOfRun(run);
  const num = (key: string, fallback: number) => {
    const v = run.config[key];
    return String(typeof v === 'number' ? v : fallback);
  };
  return {
    strategy_id: String(run.strategy_id),
    strategy_type: legs ? 'legs' : 'rdx',
    legs,
    instrument_id: String(run.instrument_id),
    rdx_lot_count: num('rdx_lot_count', 1),
    offset_value: num('offset_value', 0),
    interval: run.interval,
    from: run.from,
    to: run.to,
    price_source: run.price_source,
    fill_model: run.fill_model,
    slippage_ticks: String(run.slippage_ticks),
    model_iv_source: run.model_iv_source ?? 'fixed',
    model_iv: run.price_source === 'model' && run.model_iv !== null ? String(run.model_iv) : '',
    label: '',
  };
}

/** Only recorded prices come with the quotes paper trading fills from. */
export const canFillAsPaper = (source: BacktestPriceSource): boolean => source === 'recorded';

/** A change of one field, keeping the form consistent: a source without quotes drops the paper fill model. */
export function changeLabForm(values: LabFormValues, field: LabField, value: string): LabFormValues {
  // The selects offer only their enum's values, so a price source or fill model arrives as one.
  const next: LabFormValues = { ...values, [field]: value };
  if (field === 'price_source' && next.fill_model === 'paper' && !canFillAsPaper(next.price_source)) {
    next.fill_model = 'close';
  }
  return next;
}

export type LabFormResult = { ok: true; body: CreateBacktest } | { ok: false; field: LabField; error: string };

const refused = (field: LabField, error: string): LabFormResult => ({ ok: false, field, error });
const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/** Which form field a contract field (or a path of the RDX settings) is. */
const FIELD_OF: Record<string, LabField> = {
  strategy_id: 'strategy_id',
  instrument_id: 'instrument_id',
  rdx_lot_count: 'rdx_lot_count',
  'config.rdx_lot_count': 'rdx_lot_count',
  lots: 'rdx_lot_count',
  offset_value: 'offset_value',
  'config.offset_value': 'offset_value',
  interval: 'interval',
  'config.interval': 'interval',
  from: 'from',
  to: 'to',
  price_source: 'price_source',
  fill_model: 'fill_model',
  slippage_ticks: 'slippage_ticks',
  model_iv_source: 'model_iv_source',
  model_iv: 'model_iv',
  label: 'label',
};

/**
 * The form as the API's request, or the first problem with it named in the form's words. The RDX settings are
 * checked by the schema the server checks them with, so both say the same.
 */
export function labFormToBody(v: LabFormValues): LabFormResult {
  const strategyId = toInt(v.strategy_id);
  if (strategyId <= 0) return refused('strategy_id', 'Choose a strategy');
  const instrumentId = toInt(v.instrument_id);
  if (instrumentId <= 0) return refused('instrument_id', 'Choose an instrument');
  if (v.strategy_type === 'legs') return legsBody(v, strategyId, instrumentId);
  if (!v.rdx_lot_count.trim()) return refused('rdx_lot_count', `${labelOf('rdx_lot_count')} is required`);
  const config = SaveRdxConfigSchema.safeParse({
    rdx_lot_count: toInt(v.rdx_lot_count),
    offset_value: toNumber(v.offset_value),
    interval: v.interval,
  });
  if (!config.success) {
    const issue = config.error.issues[0];
    return refused(FIELD_OF[String(issue?.path[0])] ?? 'offset_value', issue?.message ?? 'Check the RDX settings');
  }
  const { rdx_lot_count, offset_value } = config.data;
  // The interval goes once, at the top: the server puts it into the strategy's settings.
  return runBody(v, strategyId, instrumentId, { rdx_lot_count, offset_value }, config.data.interval);
}

/** A Multi-leg run: the configuration as the builder made it, decided on the form's interval. */
function legsBody(v: LabFormValues, strategyId: number, instrumentId: number): LabFormResult {
  if (!v.legs) return refused('strategy_id', 'Build the legs in the Strategy Builder first');
  const interval = RDX_INTERVALS.find((i) => i === v.interval);
  if (!interval) return refused('interval', `Interval must be one of ${RDX_INTERVALS.join(', ')}`);
  return runBody(v, strategyId, instrumentId, { ...v.legs }, interval);
}

/** The run's fields every strategy type shares (range, prices, fills, label) around its own settings. */
function runBody(
  v: LabFormValues,
  strategyId: number,
  instrumentId: number,
  config: Record<string, unknown>,
  interval: (typeof RDX_INTERVALS)[number],
): LabFormResult {
  if (!isDate(v.from)) return refused('from', 'From must be a date');
  if (!isDate(v.to)) return refused('to', 'To must be a date');
  if (v.to < v.from) return refused('to', 'To must be on or after From');
  if (!canFillAsPaper(v.price_source) && v.fill_model === 'paper') {
    return refused('fill_model', 'Paper fills need the quotes the console recorded: choose Recorded prices');
  }
  const slippage = v.slippage_ticks.trim() === '' ? 0 : Number(v.slippage_ticks);
  if (!Number.isInteger(slippage) || slippage < 0 || slippage > BACKTEST_MAX_SLIPPAGE_TICKS) {
    return refused(
      'slippage_ticks',
      `Slippage must be a whole number of ticks from 0 to ${BACKTEST_MAX_SLIPPAGE_TICKS}`,
    );
  }
  const isModel = v.price_source === 'model';
  const atVix = isModel && v.model_iv_source === 'india_vix';
  const iv = isModel && !atVix && v.model_iv.trim() !== '' ? Number(v.model_iv) : undefined;
  const body = {
    strategy_id: strategyId,
    instrument_id: instrumentId,
    config,
    from: v.from,
    to: v.to,
    interval,
    price_source: v.price_source,
    fill_model: v.fill_model,
    slippage_ticks: slippage,
    ...(atVix ? { model_iv_source: 'india_vix' as const } : {}),
    ...(iv !== undefined ? { model_iv: iv } : {}),
    ...(v.label.trim() ? { label: v.label.trim() } : {}),
  };
  const parsed = CreateBacktestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = FIELD_OF[String(issue?.path[0])] ?? 'label';
    // The contract's messages name wire fields ("model_iv must be…"): said in the form's words.
    return refused(field, refusalOf(issue?.message ?? 'Check the form').text);
  }
  return { ok: true, body: parsed.data };
}

/**
 * The API's refusal in the form's words: its leading wire name ("from: …", "config.offset_value: …",
 * "to must be after from") becomes the field's label, and the field is named so the form can mark it. A
 * refusal naming no field is shown as it came.
 */
export function refusalOf(message: string): { field: LabField | null; text: string } {
  const match = /^([a-z_]+(?:\.[a-z_]+)?)(:\s*|\s+)([\s\S]*)$/.exec(message);
  const field = match ? FIELD_OF[match[1] ?? ''] : undefined;
  if (!match || !field) return { field: null, text: message };
  const label = LAB_FIELD_LABELS[field];
  const rest = (match[3] ?? '').replace(/\bfrom\b$/, 'From');
  // "Lot Count must be at least 1" already names its field.
  if (match[2]?.startsWith(':') && rest.startsWith(label)) return { field, text: rest };
  return { field, text: match[2]?.startsWith(':') ? `${label}: ${rest}` : `${label} ${rest}` };
}
