import { z } from 'zod';
import { MSG } from './messages.js';
import { defineRoute, IdParamsSchema, rowId } from './route.js';
import { LIMITS, STOP_REASONS, STRATEGY_ACTIONS } from './constants.js';
import { FlagSchema, idField, intBetween, IsoTimeSchema, optionalHhmm, optionalLimitRupees } from './fields.js';

export const StrategySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The strategy type that trades it ('rdx', 'legs'), or null for a strategy no type trades (never startable). */
  type: z.string().nullable(),
});
export type Strategy = z.infer<typeof StrategySchema>;

/** One option leg a strategy holds. */
export const OpenLegSchema = z.object({
  trading_symbol: z.string(),
  option_type: z.enum(['CE', 'PE']),
  /** Strike in rupees. */
  strike: z.number(),
  expiry: z.string(),
  quantity: z.number().int(),
});
export type OpenLeg = z.infer<typeof OpenLegSchema>;

/** SPEC §3 UserStrategyMapping with its display fields. */
export const MappingSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  strategy_id: z.number().int(),
  instrument_id: z.number().int(),
  user_broker_id: z.number().int().nullable(),
  is_active: z.number().int(),
  is_dummy: z.number().int(),
  ce_count: z.number().int(),
  pe_count: z.number().int(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  running_status: z.number().int(),
  /**
   * Loss and profit limits in rupees on the strategy's P&L for the current trading day (realized today +
   * unrealized, before charges); null = none. A breach exits every leg and stops the strategy.
   */
  max_loss: z.number().nullable(),
  /**
   * The cap an admin set on this mapping's max loss (rupees; null = none): the owner may lower max_loss
   * below it, not raise or remove it. Target profit has none.
   */
  admin_max_loss: z.number().nullable(),
  target_profit: z.number().nullable(),
  /** Why the strategy last stopped or paused, and when; null while running or never stopped. */
  stop_reason: z.enum(STOP_REASONS).nullable(),
  stopped_at: IsoTimeSchema.nullable(),
  created_at: IsoTimeSchema,
  updated_at: IsoTimeSchema,
  strategy_name: z.string(),
  strategy_description: z.string(),
  instrument_name: z.string(),
  instrument_ticker: z.string().nullable(),
  broker_username: z.string().nullable(),
  user_username: z.string(),
  /** The instrument's lot size, so a screen can name quantities (count × lots × lot size). */
  lot_size: z.number().int(),
  /** The broker account holds an access token that has not expired yet (a LIVE strategy cannot trade without one). */
  broker_has_token: z.boolean(),
  /** When the broker account's access token expires (06:00 IST), or null without one. */
  broker_token_expires_at: IsoTimeSchema.nullable(),
  /** Option legs the strategy holds now (sold, so quantities are positive). */
  open_legs: z.array(OpenLegSchema),
  /** Why the strategy is or is not trading right now, in a trader's words (server-computed). */
  status_detail: z.string(),
  /** Row actions that can succeed now (server-computed from the engine's own rules). */
  available_actions: z.array(z.enum(STRATEGY_ACTIONS)),
  /**
   * Orders sent on an earlier day that the broker's order book no longer holds, so nobody can say whether they
   * filled: the strategy waits until the trader settles them (`POST …/unsettled-orders/{orderId}/settle`).
   */
  orders_to_settle: z.number().int(),
});
export type Mapping = z.infer<typeof MappingSchema>;

/**
 * SPEC §5 window rule, shared by the form and the server:
 * both times or neither, and the end later than the start.
 */
export function mappingWindowError(start: string | null | undefined, end: string | null | undefined): string | null {
  const hasStart = Boolean(start);
  const hasEnd = Boolean(end);
  if (hasStart !== hasEnd) return MSG.bothTimesOrNeither;
  if (start && end && end <= start) return MSG.endAfterStart;
  return null;
}

/**
 * Issue 27: a strategy holds at least one leg. 0 CE and 0 PE was saved, started and showed RUNNING while it
 * could never sell anything; rows already stored that way are left as they are (their status says why).
 */
export function legCountError(ceCount: number, peCount: number): string | null {
  return ceCount === 0 && peCount === 0 ? MSG.atLeastOneLeg : null;
}

/**
 * What a new mapping is unless told otherwise, for the API and the form alike: active, on paper (a live
 * strategy is always a deliberate choice), strategy 1 (RDX) on instrument 1, Always On, and one CE and one
 * PE. SPEC §4 resets the form to "counts 0", but 0/0 can never trade and is refused (issue 27), so the
 * smallest strategy that trades is the default: one of each, on paper.
 */
export const MAPPING_DEFAULTS = {
  strategy_id: 1,
  instrument_id: 1,
  is_active: 1,
  is_dummy: 1,
  ce_count: 1,
  pe_count: 1,
} as const;

const mappingFields = {
  strategy_id: idField('strategy_id'),
  instrument_id: idField('instrument_id'),
  user_broker_id: z
    .number({ error: MSG.selectUserBroker })
    .int({ error: MSG.selectUserBroker })
    .positive({ error: MSG.selectUserBroker }),
  is_active: FlagSchema('is_active').default(MAPPING_DEFAULTS.is_active),
  is_dummy: FlagSchema('is_dummy').default(MAPPING_DEFAULTS.is_dummy),
  ce_count: intBetween('ce_count', 0, LIMITS.maxLegCount).default(MAPPING_DEFAULTS.ce_count),
  pe_count: intBetween('pe_count', 0, LIMITS.maxLegCount).default(MAPPING_DEFAULTS.pe_count),
  start_time: optionalHhmm('start_time').default(null),
  end_time: optionalHhmm('end_time').default(null),
  max_loss: optionalLimitRupees('max_loss').default(null),
  target_profit: optionalLimitRupees('target_profit').default(null),
  /** Admins may create a mapping for another user; ignored for users. */
  user_id: rowId('User must be a positive whole number').optional(),
};

const windowRule = (v: { start_time?: string | null; end_time?: string | null }, ctx: z.RefinementCtx) => {
  const error = mappingWindowError(v.start_time, v.end_time);
  if (error) ctx.addIssue({ code: 'custom', message: error, path: [v.start_time ? 'end_time' : 'start_time'] });
};

const legsRule = (v: { ce_count: number; pe_count: number }, ctx: z.RefinementCtx) => {
  const error = legCountError(v.ce_count, v.pe_count);
  if (error) ctx.addIssue({ code: 'custom', message: error, path: ['ce_count'] });
};

export const CreateMappingSchema = z.object(mappingFields).superRefine(windowRule).superRefine(legsRule);
export type CreateMapping = z.infer<typeof CreateMappingSchema>;

/** Partial update; the window rule is checked again on the merged row by the server. */
export const UpdateMappingSchema = z
  .object({
    strategy_id: mappingFields.strategy_id,
    instrument_id: mappingFields.instrument_id,
    user_broker_id: mappingFields.user_broker_id,
    is_active: FlagSchema('is_active'),
    is_dummy: FlagSchema('is_dummy'),
    ce_count: intBetween('ce_count', 0, LIMITS.maxLegCount),
    pe_count: intBetween('pe_count', 0, LIMITS.maxLegCount),
    start_time: optionalHhmm('start_time'),
    end_time: optionalHhmm('end_time'),
    max_loss: optionalLimitRupees('max_loss'),
    target_profit: optionalLimitRupees('target_profit'),
  })
  .partial();
export type UpdateMapping = z.infer<typeof UpdateMappingSchema>;

export const ToggleStatusSchema = z.object({
  running_status: z.union([z.literal(0), z.literal(1), z.literal(2)], {
    error: 'Status must be 0 (stopped), 1 (running) or 2 (paused)',
  }),
});

export const StrategyReplySchema = z.object({ strategy: MappingSchema });

/**
 * The mode's one name on every screen and in the CSV: SPEC §2 fixes DUMMY/LIVE for the mode badge, so the form,
 * tables and P&L say the same (no "Paper" beside "DUMMY"); MODE_MEANINGS says once what each means.
 */
export const MODE_LABELS = { paper: 'DUMMY', live: 'LIVE' } as const;
export const MODE_MEANINGS = {
  paper: 'paper: simulated fills, no broker orders',
  live: 'real orders at the broker',
} as const;
/** Labels a trader reads for the is_active flag. */
export const ACTIVE_LABELS = { active: 'Active', inactive: 'Inactive' } as const;

export const strategiesRoutes = {
  list: defineRoute({ method: 'GET', path: '/strategies/list', access: 'user', data: z.array(StrategySchema) }),
  listMine: defineRoute({
    method: 'GET',
    path: '/strategies/user-mappings',
    access: 'user',
    data: z.array(MappingSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/strategies/user-mappings',
    access: 'user',
    body: CreateMappingSchema,
    data: MappingSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/strategies/user-mappings/:id',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    body: UpdateMappingSchema,
    data: MappingSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/strategies/user-mappings/:id',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: z.object({ id: z.number().int() }),
  }),
  toggleStatus: defineRoute({
    method: 'PUT',
    path: '/strategies/user-mappings/:id/toggle-status',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    body: ToggleStatusSchema,
    data: StrategyReplySchema,
  }),
  /** The caller's own "Exit all": stops every running or paused strategy of theirs and squares off its legs. */
  exitAll: defineRoute({
    method: 'POST',
    path: '/strategies/user-mappings/exit-all',
    access: 'user',
    data: z.object({ stopped_strategies: z.number().int() }),
  }),
  listAll: defineRoute({
    method: 'GET',
    path: '/strategies/admin/all-user-mappings',
    access: 'admin',
    data: z.array(MappingSchema),
  }),
};
