import { z } from 'zod';
import { LIMITS, RDX_INTERVALS, RUNNING_STATUS } from './constants.js';
import { defineRoute, IdParamsSchema } from './route.js';
import { intBetween, IsoTimeSchema, rupees } from './fields.js';
import { roundRupees } from './money.js';
import { MappingSchema } from './strategies.js';

export const RdxConfigSchema = z.object({
  id: z.number().int(),
  user_strategy_mapping_id: z.number().int(),
  rdx_lot_count: z.number().int(),
  atm_value: z.number(),
  offset_value: z.number(),
  interval: z.enum(RDX_INTERVALS),
  atm_last_updated: IsoTimeSchema.nullable(),
  created_at: IsoTimeSchema,
  updated_at: IsoTimeSchema,
});
export type RdxConfig = z.infer<typeof RdxConfigSchema>;

export const RdxIntervalSchema = z.enum(RDX_INTERVALS, {
  error: `Interval must be one of ${RDX_INTERVALS.join(', ')}`,
});

export const SaveRdxConfigSchema = z.object({
  rdx_lot_count: intBetween('rdx_lot_count', 1, LIMITS.maxRdxLotCount),
  atm_value: rupees('atm_value')
    .refine((v) => v >= 0, { error: 'ATM Value must be at least 0' })
    .refine((v) => v <= LIMITS.maxAtmRupees, {
      error: `ATM Value must be at most ${LIMITS.maxAtmRupees.toLocaleString('en-IN')}`,
    })
    .default(0),
  offset_value: rupees('offset_value')
    .refine((v) => Math.abs(v) <= LIMITS.maxOffsetRupees, {
      error: `Offset Value must be between -${LIMITS.maxOffsetRupees.toLocaleString('en-IN')} and ${LIMITS.maxOffsetRupees.toLocaleString('en-IN')}`,
    })
    .default(0),
  interval: RdxIntervalSchema,
});
export type SaveRdxConfig = z.infer<typeof SaveRdxConfigSchema>;

/**
 * A PUT's body: what it leaves out keeps its stored value. A missing ATM Value read as 0 made the next
 * candle close realign a strategy whose price had not moved (an operator's script changed the lots only).
 */
export const UpdateRdxConfigSchema = SaveRdxConfigSchema.extend({
  atm_value: SaveRdxConfigSchema.shape.atm_value.unwrap().optional(),
  offset_value: SaveRdxConfigSchema.shape.offset_value.unwrap().optional(),
});
export type UpdateRdxConfig = z.infer<typeof UpdateRdxConfigSchema>;

/** CE strike is ATM + offset, PE strike ATM − offset (SPEC §4, §9). */
export function rdxStrikes(atm: number, offset: number): { ce: number; pe: number } {
  return { ce: roundRupees(atm + offset), pe: roundRupees(atm - offset) };
}

export const RunningStatusReplySchema = z.object({ newStatus: z.number().int(), strategy: MappingSchema });

export const rdxConfigRoutes = {
  /**
   * The mapping's configuration, or null while it has none yet (SPEC §4's "not found" state with Create): an
   * answer, not a 404, so a Home with unconfigured strategies logs no failed request (issue 27).
   */
  get: defineRoute({
    method: 'GET',
    path: '/strategies/user-mappings/:id/rdx-config',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: RdxConfigSchema.nullable(),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/strategies/user-mappings/:id/rdx-config',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    body: SaveRdxConfigSchema,
    data: RdxConfigSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/strategies/user-mappings/:id/rdx-config',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    body: UpdateRdxConfigSchema,
    data: RdxConfigSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/strategies/user-mappings/:id/rdx-config',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: z.object({ id: z.number().int() }),
  }),
  pause: defineRoute({
    method: 'POST',
    path: '/rdx/pause/:id',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: RunningStatusReplySchema,
  }),
  resume: defineRoute({
    method: 'POST',
    path: '/rdx/resume/:id',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: RunningStatusReplySchema,
  }),
  userConfig: defineRoute({
    method: 'GET',
    path: '/rdx/user-config/:id',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: z.object({ strategy: MappingSchema, config: RdxConfigSchema.nullable() }),
  }),
};

/** One strategy as an RDX service switch sees it: whose, which mode, its status, whether it holds open legs. */
export interface ExposureFacts {
  userId: number;
  isDummy: boolean;
  runningStatus: number;
  holdsLegs: boolean;
}

/**
 * What switching the RDX service concerns (issue 27): strategies running (they stop trading, their legs held,
 * not squared off) or paused, and those holding open legs by mode; per owner, for their alerts.
 */
export interface ServiceExposure {
  running: number;
  paused: number;
  holdingLegs: { live: number; paper: number };
  owners: Array<{ userId: number; running: number; paused: number; holdingLegs: number }>;
}

/** Counts what an RDX service switch concerns; the admin's confirm and the domain event use the same rule. */
export function serviceExposure(rows: readonly ExposureFacts[]): ServiceExposure {
  const out: ServiceExposure = { running: 0, paused: 0, holdingLegs: { live: 0, paper: 0 }, owners: [] };
  const owners = new Map<number, ServiceExposure['owners'][number]>();
  for (const r of rows) {
    const isRunning = r.runningStatus === RUNNING_STATUS.RUNNING;
    const isPaused = r.runningStatus === RUNNING_STATUS.PAUSED;
    if (!isRunning && !isPaused && !r.holdsLegs) continue;
    let owner = owners.get(r.userId);
    if (!owner) {
      owner = { userId: r.userId, running: 0, paused: 0, holdingLegs: 0 };
      owners.set(r.userId, owner);
      out.owners.push(owner);
    }
    if (isRunning) {
      out.running += 1;
      owner.running += 1;
    }
    if (isPaused) {
      out.paused += 1;
      owner.paused += 1;
    }
    if (r.holdsLegs) {
      out.holdingLegs[r.isDummy ? 'paper' : 'live'] += 1;
      owner.holdingLegs += 1;
    }
  }
  return out;
}
