import { z } from 'zod';
import { defineRoute, IdParamsSchema, requiredText } from './route.js';
import { hhmm, intAtLeast } from './fields.js';
import { instrumentTokenError } from './live-data.js';

/** True when the runtime knows the IANA zone. */
export function isKnownTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** "1,2,3,4,5" style day list, 0 = Sunday; normalised to sorted unique values. */
export const TradingDaysSchema = z
  .string()
  .trim()
  .regex(/^[0-6](\s*,\s*[0-6])*$/, { error: 'Trading Days must be day numbers 0-6 separated by commas' })
  .transform((v) => [...new Set(v.split(',').map((d) => Number(d.trim())))].sort((a, b) => a - b).join(','));

export const MarketStatusSchema = z.object({
  isOpen: z.boolean(),
  openTime: z.string(),
  closeTime: z.string(),
  timezone: z.string(),
  /** When the market next opens (if closed) or closes (if open), ISO UTC; null if it never trades. */
  nextChange: z.string().nullable(),
});
export type MarketStatus = z.infer<typeof MarketStatusSchema>;

export const InstrumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ticker: z.string().nullable(),
  instrument_token: z.string(),
  lot_size: z.number().int(),
  market_open_time: z.string(),
  market_close_time: z.string(),
  timezone: z.string(),
  trading_days: z.string(),
  /** Sent with every live MARKET order on the instrument: −1 is Kite's automatic bound, else 1–100 %. */
  market_protection: z.number().int(),
  market_status: MarketStatusSchema,
});
export type Instrument = z.infer<typeof InstrumentSchema>;

/** Kite's automatic protection bound, the default of every instrument. */
export const AUTO_MARKET_PROTECTION = -1;

const MARKET_PROTECTION_MESSAGE =
  "Market Protection must be -1 (Kite's automatic bound) or a whole percentage from 1 to 100";

/**
 * The market protection of an instrument's live MARKET orders: −1 (Kite's automatic bound) or a whole
 * percentage 1–100. Kite refuses 0 (no protection) on API market orders since 1 April 2026.
 */
export const MarketProtectionSchema = z
  .number({ error: MARKET_PROTECTION_MESSAGE })
  .int({ error: MARKET_PROTECTION_MESSAGE })
  .refine((v) => v === AUTO_MARKET_PROTECTION || (v >= 1 && v <= 100), { error: MARKET_PROTECTION_MESSAGE });

const instrumentFields = {
  name: requiredText('name', 128),
  // A Kite token (a number) or a Binance symbol (BTCUSDT): what the feeds key on, never free text.
  instrument_token: requiredText('instrument_token', 64).refine(
    (v) => instrumentTokenError('kite', v) === null || instrumentTokenError('binance', v) === null,
    { error: 'Instrument Token must be a numeric Kite token or a Binance symbol such as BTCUSDT' },
  ),
  lot_size: intAtLeast('lot_size', 1),
  ticker: z
    .string()
    .trim()
    .max(64, { error: 'Ticker Symbol must be at most 64 characters' })
    .nullish()
    .transform((v) => (v ? v : null)),
  market_open_time: hhmm('market_open_time').default('09:15'),
  market_close_time: hhmm('market_close_time').default('15:30'),
  timezone: z
    .string()
    .refine(isKnownTimezone, { error: 'Timezone must be an IANA time zone such as Asia/Kolkata' })
    .default('Asia/Kolkata'),
  trading_days: TradingDaysSchema.default('1,2,3,4,5'),
  market_protection: MarketProtectionSchema.default(AUTO_MARKET_PROTECTION),
};

const closeAfterOpen = (v: { market_open_time?: string; market_close_time?: string }) =>
  !v.market_open_time || !v.market_close_time || v.market_close_time > v.market_open_time;
const closeAfterOpenIssue = {
  error: 'Market Close Time must be later than Market Open Time',
  path: ['market_close_time'],
};

export const CreateInstrumentSchema = z.object(instrumentFields).refine(closeAfterOpen, closeAfterOpenIssue);
export type CreateInstrument = z.infer<typeof CreateInstrumentSchema>;

/** Partial update: only the fields sent change (no defaults are applied). */
export const UpdateInstrumentSchema = z
  .object({
    name: instrumentFields.name,
    instrument_token: instrumentFields.instrument_token,
    lot_size: instrumentFields.lot_size,
    ticker: instrumentFields.ticker,
    market_open_time: hhmm('market_open_time'),
    market_close_time: hhmm('market_close_time'),
    timezone: z.string().refine(isKnownTimezone, { error: 'Timezone must be an IANA time zone such as Asia/Kolkata' }),
    trading_days: TradingDaysSchema,
    market_protection: MarketProtectionSchema,
  })
  .partial()
  .refine(closeAfterOpen, closeAfterOpenIssue);
export type UpdateInstrument = z.infer<typeof UpdateInstrumentSchema>;

export const instrumentsRoutes = {
  list: defineRoute({ method: 'GET', path: '/instruments/list', access: 'user', data: z.array(InstrumentSchema) }),
  create: defineRoute({
    method: 'POST',
    path: '/instruments',
    access: 'admin',
    body: CreateInstrumentSchema,
    data: InstrumentSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/instruments/:id',
    access: 'admin',
    params: IdParamsSchema,
    body: UpdateInstrumentSchema,
    data: InstrumentSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/instruments/:id',
    access: 'admin',
    params: IdParamsSchema,
    data: z.object({ id: z.number().int() }),
  }),
  /** SPEC: the same list for the data tab, in `data.data`. */
  dataList: defineRoute({
    method: 'GET',
    path: '/data/instruments',
    access: 'user',
    data: z.object({ data: z.array(InstrumentSchema) }),
  }),
};
