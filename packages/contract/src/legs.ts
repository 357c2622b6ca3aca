/**
 * The `legs` strategy type's settings (issue 33): up to eight option legs, each with its own strike rule, exits
 * and re-entry, and one entry and exit for the whole strategy. Rupees and percents on the wire, each with at most
 * two decimals (the server holds them ×100: paise, or hundredths of a percent).
 *
 * Every message names the field by its on-screen label and, inside a leg, the leg by its number ("Leg 2 Stop
 * Loss must be more than 0"). A leg's field messages are functions of the issue: zod finalizes a message at the
 * top of the parse, where the issue's path is whole (`['legs', 1, 'stop_loss', 'value']`), so one leg schema
 * serves all eight legs; legs.test.ts pins that.
 */
import { z } from 'zod';
import { HH_MM, LIMITS, STRATEGY_INTERVALS } from './constants.js';
import { optionalLimitRupees } from './fields.js';
import { labelOf } from './labels.js';
import { exactPaise } from './money.js';

/** Rails on a legs strategy's size; the issue's bounds. */
export const LEGS_LIMITS = {
  maxLegs: 8,
  /** Lots per leg: the RDX lot count's rail. */
  maxLots: LIMITS.maxRdxLotCount,
  /** ATM ± steps either side. */
  maxStrikeSteps: 20,
  maxReEntries: 20,
  /** A percent stop, target or trail: a sold option's stop may be several times its premium, never 10×. */
  maxPercent: 1000,
  /** Points or premium in rupees: past any option's premium, as a fill price's rail. */
  maxRupees: LIMITS.maxFillPriceRupees,
  /** A session's minutes (NSE 09:15–15:30): a range longer than the day never breaks out. */
  maxRangeMinutes: 375,
  /** A wait-and-trade move in percent of the underlying: an index moving half its value is no entry signal. */
  maxMovePercent: 50,
  /** A wait-and-trade move in points: the ATM's rail. */
  maxMovePoints: LIMITS.maxAtmRupees,
} as const;

export const OPTION_TYPES = ['CE', 'PE'] as const;
export const LEG_SIDES = ['BUY', 'SELL'] as const;
export const LEG_EXPIRIES = ['current_week', 'next_week', 'current_month'] as const;
export type LegExpiry = (typeof LEG_EXPIRIES)[number];
export const PREMIUM_STRIKE_RULES = ['premium_closest', 'premium_at_least', 'premium_at_most'] as const;
export const EXIT_UNITS = ['percent', 'points', 'premium'] as const;
export const TRAILING_UNITS = ['percent', 'points'] as const;
export const RE_ENTRY_WHEN = ['at_once', 'at_entry_price'] as const;
export const BREAKOUT_SIDES = ['above', 'below', 'either'] as const;
export const MOVE_UNITS = ['percent', 'points'] as const;
export const MOVE_DIRECTIONS = ['up', 'down', 'either'] as const;

/** "Leg 2 " when the issue lies inside `legs[1]`, "" elsewhere (a leg parsed on its own). */
function legPrefix(path: readonly PropertyKey[] | undefined): string {
  const at = path?.indexOf('legs') ?? -1;
  const index = at >= 0 ? path?.[at + 1] : undefined;
  return typeof index === 'number' ? `Leg ${index + 1} ` : '';
}

/** A message naming the field (and its leg), built when zod finalizes the issue. */
const say =
  (field: string, rest: string) =>
  (issue: { path?: readonly PropertyKey[] | undefined }): string =>
    `${legPrefix(issue.path)}${labelOf(field)} ${rest}`;

const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: say(field, `must be one of ${values.join(', ')}`) });

const wholeBetween = (field: string, min: number, max: number) =>
  z
    .number({ error: say(field, 'must be a number') })
    .int({ error: say(field, 'must be a whole number') })
    .min(min, { error: say(field, `must be at least ${min}`) })
    .max(max, { error: say(field, `must be at most ${max.toLocaleString('en-IN')}`) });

/** HH:MM (exchange time); a number or a missing value gets the same message as a malformed one. */
const timeOfDay = (field: string) => {
  const message = `${labelOf(field)} must be HH:MM (00:00-23:59)`;
  return z.string({ error: message }).regex(HH_MM, { error: message });
};

/** A positive amount with at most two decimals (rupees or a percent), at most `max`. */
const positiveAmount = (field: string, max: number) =>
  z
    .number({ error: say(field, 'must be a number') })
    .finite({ error: say(field, 'must be a number') })
    .refine((v) => exactPaise(v) !== null, { error: say(field, 'may have at most two decimals') })
    .refine((v) => v > 0, { error: say(field, 'must be more than 0') })
    .refine((v) => v <= max, { error: say(field, `must be at most ${max.toLocaleString('en-IN')}`) });

/** The largest value a unit allows: a percent's rail, or the rupees' one. */
const maxOf = (unit: string) => (unit === 'percent' ? LEGS_LIMITS.maxPercent : LEGS_LIMITS.maxRupees);

/** A stop-loss or target: a percent of the entry price, rupee points from it, or the premium (₹) itself. */
const exitLevel = (field: 'stop_loss' | 'target') =>
  z
    .object(
      {
        /** percent: of the leg's entry price; points: rupees from it; premium: the option's price in rupees. */
        unit: oneOf(`${field}.unit`, EXIT_UNITS),
        /** The level's amount in its unit. */
        value: positiveAmount(field, LEGS_LIMITS.maxRupees),
      },
      { error: say(field, 'must be a unit and a value, or none') },
    )
    .refine((v) => v.value <= maxOf(v.unit), {
      error: say(field, `must be at most ${LEGS_LIMITS.maxPercent.toLocaleString('en-IN')} %`),
      path: ['value'],
    })
    .nullable();

export const ExitLevelSchema = exitLevel('stop_loss');
export type ExitLevel = NonNullable<z.infer<typeof ExitLevelSchema>>;

/** Which strike a leg trades: a step count from the ATM, or the one whose premium meets a rupee amount. */
export const LegStrikeSchema = z.discriminatedUnion(
  'by',
  [
    z.object({
      by: z.literal('atm'),
      /** Strike steps from the ATM; positive is out of the money for both CE (upward) and PE (downward). */
      steps: wholeBetween('strike.steps', -LEGS_LIMITS.maxStrikeSteps, LEGS_LIMITS.maxStrikeSteps),
    }),
    z.object({
      /** closest: the premium nearest ₹X; at_least: the smallest ≥ ₹X; at_most: the largest ≤ ₹X. */
      by: z.enum(PREMIUM_STRIKE_RULES),
      /** The premium in rupees. */
      premium: positiveAmount('strike.premium', LEGS_LIMITS.maxRupees),
    }),
  ],
  { error: say('strike', `must be by atm, ${PREMIUM_STRIKE_RULES.join(', ')}`) },
);
export type LegStrike = z.infer<typeof LegStrikeSchema>;

/** Once the price has moved `activate_at` in the leg's favour, the stop follows the best price `trail_by` behind. */
export const TrailingSchema = z
  .object(
    {
      /** percent: of the entry price; points: rupees. Both distances are in this unit. */
      unit: oneOf('trailing.unit', TRAILING_UNITS),
      /** The favourable move from the entry that starts the trailing. */
      activate_at: positiveAmount('trailing.activate_at', LEGS_LIMITS.maxRupees),
      /** How far behind the best price the stop follows. */
      trail_by: positiveAmount('trailing.trail_by', LEGS_LIMITS.maxRupees),
    },
    { error: say('trailing', 'must be a unit, an activation and a distance, or none') },
  )
  .nullable();
export type Trailing = NonNullable<z.infer<typeof TrailingSchema>>;

/** After a stop (stop-loss or trailing), enter the same leg again, up to `times` times. */
export const ReEntrySchema = z
  .object(
    {
      /** How many re-entries at most (0: none, as if unset). */
      times: wholeBetween('re_entry.times', 0, LEGS_LIMITS.maxReEntries),
      /** at_once: right after the stop; at_entry_price: when the price comes back to the first entry's. */
      when: oneOf('re_entry.when', RE_ENTRY_WHEN),
    },
    { error: say('re_entry', 'must be a count and when, or none') },
  )
  .nullable();
export type ReEntry = NonNullable<z.infer<typeof ReEntrySchema>>;

export const LegSchema = z.object(
  {
    /** CE or PE. */
    option_type: oneOf('option_type', OPTION_TYPES),
    /** BUY or SELL the option. */
    side: oneOf('side', LEG_SIDES),
    /** Lots; the quantity is lots × the contract's lot size. */
    lots: wholeBetween('lots', 1, LEGS_LIMITS.maxLots),
    /** Which expiry of the underlying's options. */
    expiry: oneOf('expiry', LEG_EXPIRIES),
    strike: LegStrikeSchema,
    stop_loss: exitLevel('stop_loss').default(null),
    target: exitLevel('target').default(null),
    trailing: TrailingSchema.default(null),
    re_entry: ReEntrySchema.default(null),
  },
  { error: say('legs', 'must each be a leg') },
);
export type Leg = z.infer<typeof LegSchema>;

/** When the strategy enters all its legs. */
export const LegsEntrySchema = z.discriminatedUnion(
  'kind',
  [
    /** At a time of day (exchange time). */
    z.object({ kind: z.literal('time'), at: timeOfDay('entry.at') }),
    /** On the next close of a candle of this interval (any hour: the 24x7 index has no session to wait for). */
    z.object({ kind: z.literal('candle_close'), interval: oneOf('entry.interval', STRATEGY_INTERVALS) }),
    /**
     * When the underlying breaks the high (above), the low (below) or either of its range over the session's
     * first `minutes`.
     */
    z.object({
      kind: z.literal('range_breakout'),
      minutes: wholeBetween('entry.minutes', 1, LEGS_LIMITS.maxRangeMinutes),
      side: oneOf('entry.side', BREAKOUT_SIDES),
    }),
    /** When the underlying has moved `value` (percent or points) up, down or either way from its price at `reference_at`. */
    z.object({
      kind: z.literal('wait_and_trade'),
      reference_at: timeOfDay('entry.reference_at'),
      unit: oneOf('entry.unit', MOVE_UNITS),
      value: positiveAmount('entry.value', LEGS_LIMITS.maxMovePoints),
      direction: oneOf('entry.direction', MOVE_DIRECTIONS),
    }),
  ],
  { error: 'Entry must be at a time, on a candle close, on a range breakout, or wait-and-trade' },
);
export type LegsEntry = z.infer<typeof LegsEntrySchema>;

const legsConfigFields = z.object({
  /** One to eight legs, entered together, in this order (a spread's bought legs first keeps its margin low). */
  legs: z
    .array(LegSchema, { error: 'Legs must be a list of legs' })
    .min(1, { error: 'Add at least one leg' })
    .max(LEGS_LIMITS.maxLegs, { error: `A strategy has at most ${LEGS_LIMITS.maxLegs} legs` }),
  entry: LegsEntrySchema,
  /** Square off every leg at this time of day (exchange time); null holds them until a stop, target or expiry. */
  exit_at: z.preprocess((v) => (v === '' || v === undefined ? null : v), timeOfDay('exit_at').nullable()).default(null),
  max_loss: optionalLimitRupees('max_loss').default(null),
  target_profit: optionalLimitRupees('target_profit').default(null),
});

type Issue = { message: string; path: PropertyKey[] };

/** What makes one leg's settings contradict each other, as issues under `legs[i]`. */
export function legRuleIssues(leg: Leg, i: number): Issue[] {
  const name = (field: string) => `Leg ${i + 1} ${labelOf(field)}`;
  const at = (...path: PropertyKey[]) => ['legs', i, ...path];
  const out: Issue[] = [];
  const { side, stop_loss: stop, target, trailing, re_entry: reEntry } = leg;
  // A bought option cannot lose more than its premium: a 100 % stop is a price of zero, never reached.
  if (side === 'BUY' && stop?.unit === 'percent' && stop.value >= 100) {
    out.push({ message: `${name('stop_loss')} must be below 100 % on a BUY leg`, path: at('stop_loss', 'value') });
  }
  // A sold option's premium cannot fall below zero: a 100 % target is never reached.
  if (side === 'SELL' && target?.unit === 'percent' && target.value >= 100) {
    out.push({ message: `${name('target')} must be below 100 % on a SELL leg`, path: at('target', 'value') });
  }
  if (side === 'BUY' && trailing?.unit === 'percent' && trailing.trail_by >= 100) {
    out.push({
      message: `${name('trailing.trail_by')} must be below 100 % on a BUY leg`,
      path: at('trailing', 'trail_by'),
    });
  }
  if (stop?.unit === 'premium' && target?.unit === 'premium') {
    const isOrdered = side === 'SELL' ? stop.value > target.value : stop.value < target.value;
    if (!isOrdered) {
      const where = side === 'SELL' ? 'above' : 'below';
      out.push({
        message: `${name('stop_loss')} must be ${where} the Target on a ${side} leg`,
        path: at('stop_loss', 'value'),
      });
    }
  }
  // Trailing that starts only past the target would never act: the target exits first.
  if (trailing && target && target.unit === trailing.unit && trailing.activate_at >= target.value) {
    out.push({
      message: `${name('trailing.activate_at')} must be below the Target, which would exit first`,
      path: at('trailing', 'activate_at'),
    });
  }
  // A re-entry follows a stop: without one the leg only ever leaves at its target or the strategy's exit.
  if (reEntry && reEntry.times > 0 && !stop && !trailing) {
    out.push({ message: `${name('re_entry')} needs a Stop Loss or a Trailing Stop`, path: at('re_entry') });
  }
  return out;
}

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/**
 * Why the exit time contradicts a timed entry, or null. A candle-close or breakout entry may come at any hour
 * (the 24x7 index), so its exit time is not compared. Times not yet HH:MM are left to their own message.
 */
export function exitTimeError(entry: LegsEntry, exitAt: string | null): string | null {
  const from = entry.kind === 'time' ? 'entry.at' : entry.kind === 'wait_and_trade' ? 'entry.reference_at' : null;
  const start = entry.kind === 'time' ? entry.at : entry.kind === 'wait_and_trade' ? entry.reference_at : null;
  if (!from || !start || !exitAt || !HH_MM.test(exitAt) || !HH_MM.test(start)) return null;
  if (minutesOf(exitAt) > minutesOf(start)) return null;
  return `${labelOf('exit_at')} must be later than ${labelOf(from)}`;
}

/** A legs strategy's settings as the configure form saves them and a template presets them. */
export const LegsConfigSchema = legsConfigFields.superRefine((v, ctx) => {
  v.legs.forEach((leg, i) => {
    for (const issue of legRuleIssues(leg, i)) ctx.addIssue({ code: 'custom', ...issue });
  });
  if (v.entry.kind === 'wait_and_trade' && v.entry.unit === 'percent' && v.entry.value > LEGS_LIMITS.maxMovePercent) {
    ctx.addIssue({
      code: 'custom',
      message: `${labelOf('entry.value')} must be at most ${LEGS_LIMITS.maxMovePercent} %`,
      path: ['entry', 'value'],
    });
  }
  const exitError = exitTimeError(v.entry, v.exit_at);
  if (exitError) ctx.addIssue({ code: 'custom', message: exitError, path: ['exit_at'] });
});
export type LegsConfig = z.infer<typeof LegsConfigSchema>;
/** A configuration as sent: defaults (none for stops, targets, trailing, re-entry, limits) not yet filled in. */
export type LegsConfigInput = z.input<typeof LegsConfigSchema>;
