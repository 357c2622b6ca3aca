import { z } from 'zod';
import { DATA_INTERVALS, DATA_SOURCES } from './constants.js';
import { defineRoute, IdParamsSchema, requiredText } from './route.js';
import { IsoTimeSchema } from './fields.js';

export const DataSourceSchema = z.enum(DATA_SOURCES, { error: 'Data Source must be kite or binance' });
export const DataIntervalSchema = z.enum(DATA_INTERVALS, {
  error: `Interval must be one of ${DATA_INTERVALS.join(', ')}`,
});

export const LiveDataConfigSchema = z.object({
  id: z.number().int(),
  source: DataSourceSchema,
  instrument_token: z.string(),
  interval: DataIntervalSchema,
  /** Name of the instrument with this token, when one is registered. */
  instrument_name: z.string().nullable(),
  created_at: IsoTimeSchema,
});
export type LiveDataConfig = z.infer<typeof LiveDataConfigSchema>;

/** Kite tokens are numbers; Binance symbols are upper-case pairs like BTCUSDT (never all digits). */
export function instrumentTokenError(source: string, token: string): string | null {
  if (source === 'kite' && !/^\d{1,12}$/.test(token)) return 'Instrument Token must be a numeric Kite token';
  if (source === 'binance' && !/^(?=.*[A-Z])[A-Z0-9]{5,20}$/.test(token))
    return 'Instrument Token must be a Binance symbol such as BTCUSDT';
  return null;
}

const tokenRule = (v: { source?: string; instrument_token?: string }, ctx: z.RefinementCtx) => {
  if (!v.source || !v.instrument_token) return;
  const error = instrumentTokenError(v.source, v.instrument_token);
  if (error) ctx.addIssue({ code: 'custom', message: error, path: ['instrument_token'] });
};

export const CreateLiveDataConfigSchema = z
  .object({
    source: DataSourceSchema,
    instrument_token: requiredText('instrument_token', 64),
    interval: DataIntervalSchema,
  })
  .superRefine(tokenRule);
export type CreateLiveDataConfig = z.infer<typeof CreateLiveDataConfigSchema>;

export const UpdateLiveDataConfigSchema = z
  .object({
    source: DataSourceSchema,
    instrument_token: requiredText('instrument_token', 64),
    interval: DataIntervalSchema,
  })
  .partial();
export type UpdateLiveDataConfig = z.infer<typeof UpdateLiveDataConfigSchema>;

export const liveDataRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/data/live-configs',
    access: 'admin',
    data: z.array(LiveDataConfigSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/data/live-configs',
    access: 'admin',
    body: CreateLiveDataConfigSchema,
    data: LiveDataConfigSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/data/live-configs/:id',
    access: 'admin',
    params: IdParamsSchema,
    body: UpdateLiveDataConfigSchema,
    data: LiveDataConfigSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/data/live-configs/:id',
    access: 'admin',
    params: IdParamsSchema,
    data: z.object({ id: z.number().int() }),
  }),
};
