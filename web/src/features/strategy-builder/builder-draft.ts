import {
  LEGS_LIMITS,
  LegsConfigSchema,
  type EXIT_UNITS,
  type LEG_EXPIRIES,
  type LegsConfig,
  type LegsConfigInput,
  type LegsEntry,
  type MOVE_DIRECTIONS,
  type MOVE_UNITS,
  type BREAKOUT_SIDES,
  type PREMIUM_STRIKE_RULES,
  type RE_ENTRY_WHEN,
  type STRATEGY_INTERVALS,
  type TRAILING_UNITS,
} from '@app/contract';

/*
 * The builder's form as the trader edits it (issue 33): every number held as typed (text), so the contract's own
 * LegsConfigSchema reads it and names the leg and field in its words ("Leg 2 Stop Loss must be more than 0").
 * An optional rule (stop-loss, target, trailing, re-entry) is off while its unit is '' (or its count 0). Pure.
 */

export type OptionType = 'CE' | 'PE';
export type Side = 'BUY' | 'SELL';
export type LegExpiry = (typeof LEG_EXPIRIES)[number];
export type StrikeBy = 'atm' | (typeof PREMIUM_STRIKE_RULES)[number];
export type ExitUnit = (typeof EXIT_UNITS)[number];
export type TrailingUnit = (typeof TRAILING_UNITS)[number];
export type ReEntryWhen = (typeof RE_ENTRY_WHEN)[number];
export type EntryKind = LegsEntry['kind'];

/** One leg in the builder. `key` tells rows apart across edits (a copy gets a new one). */
export interface LegDraft {
  key: number;
  option_type: OptionType;
  side: Side;
  lots: string;
  expiry: LegExpiry;
  strike_by: StrikeBy;
  /** ATM ± steps (used when strike_by is 'atm'). */
  steps: string;
  /** Rupees (used by the premium rules). */
  premium: string;
  /** '' = no stop-loss. */
  stop_unit: ExitUnit | '';
  stop_value: string;
  /** '' = no target. */
  target_unit: ExitUnit | '';
  target_value: string;
  /** '' = no trailing stop. */
  trail_unit: TrailingUnit | '';
  trail_activate: string;
  trail_by: string;
  /** '' or '0' = no re-entry. */
  re_times: string;
  re_when: ReEntryWhen;
}

/**
 * The strategy's entry: every kind's fields are kept, so switching the kind and back loses nothing typed; only the
 * chosen kind's go into the configuration.
 */
export interface EntryDraft {
  kind: EntryKind;
  at: string;
  interval: (typeof STRATEGY_INTERVALS)[number];
  minutes: string;
  breakout_side: (typeof BREAKOUT_SIDES)[number];
  reference_at: string;
  move_unit: (typeof MOVE_UNITS)[number];
  move_value: string;
  direction: (typeof MOVE_DIRECTIONS)[number];
}

export interface BuilderDraft {
  legs: LegDraft[];
  entry: EntryDraft;
  /** HH:MM, '' = none. */
  exit_at: string;
  /** Rupees, '' = no limit. */
  max_loss: string;
  target_profit: string;
}

/** A number as the form shows it ('' for none). */
const text = (n: number | null | undefined): string => (n === null || n === undefined ? '' : String(n));

/** What an entry kind starts at when the template did not set it: the 09:20 straddle's time, a 5-minute close… */
const ENTRY_DEFAULTS: EntryDraft = {
  kind: 'time',
  at: '09:20',
  interval: '5m',
  minutes: '15',
  breakout_side: 'above',
  reference_at: '09:20',
  move_unit: 'percent',
  move_value: '0.5',
  direction: 'either',
};

/** A leg as a fresh row starts: sell one lot of this week's ATM CE, no exits. */
export function blankLeg(key: number): LegDraft {
  return {
    key,
    option_type: 'CE',
    side: 'SELL',
    lots: '1',
    expiry: 'current_week',
    strike_by: 'atm',
    steps: '0',
    premium: '',
    stop_unit: '',
    stop_value: '',
    target_unit: '',
    target_value: '',
    trail_unit: '',
    trail_activate: '',
    trail_by: '',
    re_times: '',
    re_when: 'at_once',
  };
}

function legDraftOf(leg: LegsConfig['legs'][number], key: number): LegDraft {
  const strike = leg.strike;
  return {
    key,
    option_type: leg.option_type,
    side: leg.side,
    lots: String(leg.lots),
    expiry: leg.expiry,
    strike_by: strike.by,
    steps: strike.by === 'atm' ? String(strike.steps) : '0',
    premium: strike.by === 'atm' ? '' : String(strike.premium),
    stop_unit: leg.stop_loss?.unit ?? '',
    stop_value: text(leg.stop_loss?.value),
    target_unit: leg.target?.unit ?? '',
    target_value: text(leg.target?.value),
    trail_unit: leg.trailing?.unit ?? '',
    trail_activate: text(leg.trailing?.activate_at),
    trail_by: text(leg.trailing?.trail_by),
    re_times: leg.re_entry && leg.re_entry.times > 0 ? String(leg.re_entry.times) : '',
    re_when: leg.re_entry?.when ?? 'at_once',
  };
}

function entryDraftOf(entry: LegsEntry): EntryDraft {
  switch (entry.kind) {
    case 'time':
      return { ...ENTRY_DEFAULTS, kind: 'time', at: entry.at };
    case 'candle_close':
      return { ...ENTRY_DEFAULTS, kind: 'candle_close', interval: entry.interval };
    case 'range_breakout':
      return { ...ENTRY_DEFAULTS, kind: 'range_breakout', minutes: String(entry.minutes), breakout_side: entry.side };
    case 'wait_and_trade':
      return {
        ...ENTRY_DEFAULTS,
        kind: 'wait_and_trade',
        reference_at: entry.reference_at,
        move_unit: entry.unit,
        move_value: String(entry.value),
        direction: entry.direction,
      };
  }
}

/**
 * The form for a saved or template configuration. A template arrives as a plain object (the API carries it
 * untyped), so it is read by the contract's schema first; one that does not read gives an empty form with one leg.
 */
export function draftOf(config: unknown): BuilderDraft {
  const parsed = LegsConfigSchema.safeParse(config);
  if (!parsed.success) return emptyDraft();
  const v = parsed.data;
  return {
    legs: v.legs.map((leg, i) => legDraftOf(leg, i + 1)),
    entry: entryDraftOf(v.entry),
    exit_at: v.exit_at ?? '',
    max_loss: text(v.max_loss),
    target_profit: text(v.target_profit),
  };
}

export function emptyDraft(): BuilderDraft {
  return { legs: [blankLeg(1)], entry: { ...ENTRY_DEFAULTS }, exit_at: '', max_loss: '', target_profit: '' };
}

const nextKey = (legs: readonly LegDraft[]) => legs.reduce((max, l) => Math.max(max, l.key), 0) + 1;

/** Whether another leg fits (LEGS_LIMITS.maxLegs). */
export const canAddLeg = (legs: readonly LegDraft[]) => legs.length < LEGS_LIMITS.maxLegs;

/** `legs` with a fresh leg at the end; unchanged at the limit. */
export function addLeg(legs: readonly LegDraft[]): LegDraft[] {
  return canAddLeg(legs) ? [...legs, blankLeg(nextKey(legs))] : [...legs];
}

/** `legs` with a copy of leg `key` right after it (a new key); unchanged at the limit or for an unknown key. */
export function copyLeg(legs: readonly LegDraft[], key: number): LegDraft[] {
  const at = legs.findIndex((l) => l.key === key);
  if (at < 0 || !canAddLeg(legs)) return [...legs];
  const copy = { ...legs[at]!, key: nextKey(legs) };
  return [...legs.slice(0, at + 1), copy, ...legs.slice(at + 1)];
}

/** `legs` without leg `key`. The last leg stays: a strategy has at least one (the schema says so too). */
export function removeLeg(legs: readonly LegDraft[], key: number): LegDraft[] {
  if (legs.length <= 1) return [...legs];
  return legs.filter((l) => l.key !== key);
}

export function updateLeg(legs: readonly LegDraft[], key: number, patch: Partial<Omit<LegDraft, 'key'>>): LegDraft[] {
  return legs.map((l) => (l.key === key ? { ...l, ...patch } : l));
}

/** A typed number: the number, or the text itself when it is not one (so the schema names the field). */
export function typed(value: string): number | string {
  const t = value.trim();
  if (t === '') return t;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

const optionalNumber = (value: string): number | string | null => (value.trim() === '' ? null : typed(value));

function legInputOf(l: LegDraft): LegsConfigInput['legs'][number] {
  const reTimes = l.re_times.trim();
  return {
    option_type: l.option_type,
    side: l.side,
    lots: typed(l.lots) as number,
    expiry: l.expiry,
    strike:
      l.strike_by === 'atm'
        ? { by: 'atm', steps: typed(l.steps) as number }
        : { by: l.strike_by, premium: typed(l.premium) as number },
    stop_loss: l.stop_unit ? { unit: l.stop_unit, value: typed(l.stop_value) as number } : null,
    target: l.target_unit ? { unit: l.target_unit, value: typed(l.target_value) as number } : null,
    trailing: l.trail_unit
      ? {
          unit: l.trail_unit,
          activate_at: typed(l.trail_activate) as number,
          trail_by: typed(l.trail_by) as number,
        }
      : null,
    re_entry: reTimes === '' || reTimes === '0' ? null : { times: typed(reTimes) as number, when: l.re_when },
  };
}

function entryInputOf(e: EntryDraft): LegsConfigInput['entry'] {
  switch (e.kind) {
    case 'time':
      return { kind: 'time', at: e.at };
    case 'candle_close':
      return { kind: 'candle_close', interval: e.interval };
    case 'range_breakout':
      return { kind: 'range_breakout', minutes: typed(e.minutes) as number, side: e.breakout_side };
    case 'wait_and_trade':
      return {
        kind: 'wait_and_trade',
        reference_at: e.reference_at,
        unit: e.move_unit,
        value: typed(e.move_value) as number,
        direction: e.direction,
      };
  }
}

/**
 * The configuration as it will be sent, before the schema reads it. A field typed as something that is no
 * number goes as that text (the casts say "as typed"), so the schema's message names it rather than the form
 * guessing a number.
 */
export function configInputOf(d: BuilderDraft): LegsConfigInput {
  return {
    legs: d.legs.map(legInputOf),
    entry: entryInputOf(d.entry),
    exit_at: d.exit_at.trim() === '' ? null : d.exit_at.trim(),
    max_loss: optionalNumber(d.max_loss),
    target_profit: optionalNumber(d.target_profit),
  };
}

/** One refusal of the schema: its field's path as `legs.1.stop_loss.value`, and its message. */
export interface FieldError {
  path: string;
  message: string;
}

export type BuiltConfig = { ok: true; config: LegsConfig } | { ok: false; errors: FieldError[] };

/** The configuration the draft makes, checked by LegsConfigSchema: the config, or every refusal with its field. */
export function buildConfig(d: BuilderDraft): BuiltConfig {
  const parsed = LegsConfigSchema.safeParse(configInputOf(d));
  if (parsed.success) return { ok: true, config: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  };
}

/**
 * The refusals placed beside the fields the form draws (`fields`, paths such as `legs.0.stop_loss`): each goes to
 * the longest field its path lies in; what lies in none (a message about the whole list of legs) goes to `other`,
 * shown at the top, so none is ever dropped.
 */
export function placeErrors(
  errors: readonly FieldError[],
  fields: readonly string[],
): { at: Map<string, string[]>; other: string[] } {
  const at = new Map<string, string[]>();
  const other: string[] = [];
  for (const e of errors) {
    let best: string | null = null;
    for (const f of fields) {
      const inside = e.path === f || e.path.startsWith(`${f}.`);
      if (inside && (best === null || f.length > best.length)) best = f;
    }
    if (best === null) other.push(e.message);
    else at.set(best, [...(at.get(best) ?? []), e.message]);
  }
  return { at, other };
}

/** The groups of a leg the form shows messages beside, as paths under `legs.i`. */
export const LEG_FIELDS = [
  'option_type',
  'side',
  'lots',
  'expiry',
  'strike',
  'stop_loss',
  'target',
  'trailing',
  're_entry',
] as const;

/** Every field of the form a message may stand beside, for `placeErrors`. */
export function formFields(legCount: number): string[] {
  const legs = Array.from({ length: legCount }, (_, i) => [`legs.${i}`, ...LEG_FIELDS.map((f) => `legs.${i}.${f}`)]);
  return [
    ...legs.flat(),
    'entry',
    'entry.at',
    'entry.interval',
    'entry.minutes',
    'entry.side',
    'entry.reference_at',
    'entry.unit',
    'entry.value',
    'entry.direction',
    'exit_at',
    'max_loss',
    'target_profit',
  ];
}
