import { z } from 'zod';
import { defineRoute, IdParamsSchema, rowId } from './route.js';
import { StrategyReplySchema } from './strategies.js';

export const RdxServiceStatusSchema = z.object({ isRunning: z.boolean() });

/** The RDX strategy service and per-mapping actions, served by the strategy-engine issue. */
export const engineRoutes = {
  start: defineRoute({ method: 'POST', path: '/rdx/start', access: 'admin', data: RdxServiceStatusSchema }),
  stop: defineRoute({ method: 'POST', path: '/rdx/stop', access: 'admin', data: RdxServiceStatusSchema }),
  /** Readable by users too: their home says when the service is stopped. */
  status: defineRoute({ method: 'GET', path: '/rdx/status', access: 'user', data: RdxServiceStatusSchema }),
  realign: defineRoute({
    method: 'POST',
    path: '/strategies/user-mappings/:id/realign',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: StrategyReplySchema,
  }),
  exit: defineRoute({
    method: 'POST',
    path: '/strategies/user-mappings/:id/exit',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: StrategyReplySchema,
  }),
  testEvent: defineRoute({
    method: 'POST',
    path: '/realtime/test-event',
    access: 'admin',
    body: z.object({
      userId: rowId('User must be a positive whole number'),
      message: z.string().trim().max(200).default('Test event from the admin console'),
    }),
    data: z.object({ delivered: z.boolean() }),
  }),
};
