/**
 * Option analytics (issue 34, docs/ANALYTICS.md): an index's option chain around the money with each option's
 * implied volatility and Black-76 greeks, and a strategy's payoff at expiry and today. Rupees with at most two
 * decimals on the wire; IV and the rate in percent; theta in rupees per trading day, vega in rupees per vol point.
 *
 * A payoff leg's messages name the leg by its number ("Leg 2 Strike must be more than 0"): the message is a
 * function of the issue, made when zod finalizes it with the whole path (`['legs', 1, 'strike']`).
 */
import { z } from 'zod';
import { isCalendarDate } from './calendar.js';
import { LIMITS } from './constants.js';
import { labelOf } from './labels.js';
import { OPTION_TYPES, LEG_SIDES } from './legs.js';
import { exactPaise } from './money.js';
import { defineRoute, rowId } from './route.js';

/** Rails on a payoff request: a strategy of more legs or lots than these is no strategy a trader draws. */
export const PAYOFF_LIMITS = { maxLegs: 12, maxLots: 1000, maxPriceRupees: LIMITS.maxFillPriceRupees } as const;

/** "Leg 2 " inside `legs[1]`, "" elsewhere. */
function legName(path: readonly PropertyKey[] | undefined): string {
  const at = path?.indexOf('legs') ?? -1;
  const index = at >= 0 ? path?.[at + 1] : undefined;
  return typeof index === 'number' ? `Leg ${index + 1} ` : '';
}

const legSays =
  (field: string, rest: string) =>
  (issue: { path?: readonly PropertyKey[] | undefined }): string =>
    `${legName(issue.path)}${labelOf(field)} ${rest}`;

const dayText = (field: string) => {
  const message = `${labelOf(field)} must be a day as YYYY-MM-DD, e.g. 2026-11-24`;
  return z.string({ error: legSays(field, 'must be a day as YYYY-MM-DD, e.g. 2026-11-24') }).refine(isCalendarDate, {
    error: (issue) => `${legName(issue.path)}${message}`,
  });
};

/** Rupees with at most two decimals, from `min` (exclusive when `above`) to the fill-price rail. */
const legRupees = (field: string, above: boolean) =>
  z
    .number({ error: legSays(field, 'must be a number in rupees') })
    .finite({ error: legSays(field, 'must be a number in rupees') })
    .refine((v) => (above ? v > 0 : v >= 0), {
      error: legSays(field, above ? 'must be more than 0' : 'must be 0 or more'),
    })
    .refine((v) => v <= PAYOFF_LIMITS.maxPriceRupees, {
      error: legSays(field, `must be at most ${PAYOFF_LIMITS.maxPriceRupees.toLocaleString('en-IN')}`),
    })
    .refine((v) => exactPaise(v) !== null, { error: legSays(field, 'may have at most two decimals') });

export const ChainParamsSchema = z.object({
  instrument_id: rowId('Instrument must be a positive whole number (an instrument id)', true),
});

export const ChainQuerySchema = z.object({
  /** The expiry to show, `YYYY-MM-DD`; the nearest listed one when left out. */
  expiry: z.preprocess((v) => (v === '' ? undefined : v), dayText('expiry').optional()),
});
export type ChainQuery = z.infer<typeof ChainQuerySchema>;

/** One option of the chain: last price (rupees), IV (percent) and Black-76 greeks; null where unknown. */
export const ChainOptionSchema = z.object({
  /** Not listed, or not quoted right now: null (and so is everything after it). */
  ltp: z.number().nullable(),
  /** Implied volatility in percent (14.2 for 14.2%); null when no volatility reprices the LTP (then greeks are null). */
  iv: z.number().nullable(),
  /** ∂price/∂forward. */
  delta: z.number().nullable(),
  /** ∂delta/∂forward, per rupee. */
  gamma: z.number().nullable(),
  /** Rupees per trading day (negative: the option loses value as a session passes). */
  theta: z.number().nullable(),
  /** Rupees per vol point (IV up by 1). */
  vega: z.number().nullable(),
});
export type ChainOptionFigures = z.infer<typeof ChainOptionSchema>;

export const ChainStrikeSchema = z.object({ strike: z.number(), ce: ChainOptionSchema, pe: ChainOptionSchema });
export type ChainStrike = z.infer<typeof ChainStrikeSchema>;

/** The model's inputs, stated with every answer (docs/ANALYTICS.md). */
const ModelInputsSchema = z.object({
  /** The underlying's last price, rupees. */
  underlying_price: z.number(),
  /** The expiry, `YYYY-MM-DD` (IST; it ends at the 15:30 close). */
  expiry: z.string(),
  /** Annual risk-free rate in percent, continuously compounded, in force today. */
  rate: z.number(),
  /** Where the rate is read from and the day it took effect. */
  rate_source: z.string(),
  /** Trading minutes (09:15–15:30 IST, weekdays, NSE holidays left out) to the expiry's close; a year is 94,500. */
  minutes_to_expiry: z.number(),
});

export const OptionChainSchema = ModelInputsSchema.extend({
  /** The expiry's forward the options are priced on, rupees (see docs/ANALYTICS.md for how it is found). */
  forward: z.number(),
  /** Every expiry listed for the underlying from today on, nearest first. */
  expiries: z.array(z.string()),
  /** ATM ± 10 listed strikes, ascending. */
  strikes: z.array(ChainStrikeSchema),
});
export type OptionChain = z.infer<typeof OptionChainSchema>;

export const PayoffLegSchema = z.object({
  option_type: z.enum(OPTION_TYPES, { error: legSays('option_type', 'must be CE or PE') }),
  side: z.enum(LEG_SIDES, { error: legSays('side', 'must be BUY or SELL') }),
  /** Rupees. */
  strike: legRupees('strike', true),
  expiry: dayText('expiry'),
  lots: z
    .number({ error: legSays('lots', 'must be a number') })
    .int({ error: legSays('lots', 'must be a whole number') })
    .min(1, { error: legSays('lots', 'must be at least 1') })
    .max(PAYOFF_LIMITS.maxLots, { error: legSays('lots', `must be at most ${PAYOFF_LIMITS.maxLots}`) }),
  /** The premium a unit is bought or sold at, rupees. */
  price: legRupees('price', false),
});
export type PayoffLegInput = z.infer<typeof PayoffLegSchema>;

export const PayoffRequestSchema = z.object({
  instrument_id: rowId('Instrument is required (an instrument id)'),
  legs: z
    .array(PayoffLegSchema, { error: 'Legs must be a list of option legs' })
    .min(1, { error: 'Legs: add at least one leg' })
    .max(PAYOFF_LIMITS.maxLegs, { error: `Legs: at most ${PAYOFF_LIMITS.maxLegs} legs` })
    // A calendar (legs of two expiries) has no one payoff at expiry: refused rather than drawn wrong.
    .refine((legs) => new Set(legs.map((l) => l.expiry)).size <= 1, {
      error: (issue) => {
        const legs = issue.input as PayoffLegInput[];
        const days = [...new Set(legs.map((l) => l.expiry))].sort().join(', ');
        return `Legs must all share one expiry (these expire on ${days}): a calendar spread's payoff is not drawn`;
      },
    }),
});
export type PayoffRequest = z.infer<typeof PayoffRequestSchema>;

export const PayoffPointSchema = z.object({ underlying: z.number(), pnl: z.number() });
export type PayoffPoint = z.infer<typeof PayoffPointSchema>;

export const PayoffSchema = ModelInputsSchema.extend({
  /** P&L in rupees with the underlying settling at each price (exact). */
  at_expiry: z.array(PayoffPointSchema),
  /** P&L in rupees if the underlying were at each price now (Black-76 at each leg's IV). */
  today: z.array(PayoffPointSchema),
  /** Underlying prices (rupees) where the P&L at expiry is zero, ascending. */
  breakevens: z.array(z.number()),
  /** Rupees; null: unlimited. */
  max_profit: z.number().nullable(),
  /** Rupees, negative for a loss; null: unlimited. */
  max_loss: z.number().nullable(),
  /** The IV (percent) each leg's today curve used, in the order of the legs, and where it came from. */
  leg_ivs: z.array(z.object({ iv: z.number(), source: z.enum(['quote', 'atm', 'legs', 'expired']) })),
});
export type Payoff = z.infer<typeof PayoffSchema>;

export const analyticsRoutes = {
  /** An index's chain around the money with IVs and greeks, for one expiry (the nearest by default). */
  chain: defineRoute({
    method: 'GET',
    path: '/analytics/chain/:instrument_id',
    access: 'user',
    params: ChainParamsSchema,
    query: ChainQuerySchema,
    data: OptionChainSchema,
  }),
  /** A strategy's payoff at expiry and today, breakevens and extremes; nothing is stored or traded. */
  payoff: defineRoute({
    method: 'POST',
    path: '/analytics/payoff',
    access: 'user',
    body: PayoffRequestSchema,
    data: PayoffSchema,
  }),
};
