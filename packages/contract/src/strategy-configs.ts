import { z } from 'zod';
import { defineRoute, IdParamsSchema } from './route.js';

/*
 * Any strategy's settings through one pair of routes (issue 33): the mapping's type says which schema its body
 * is read by (RDX keeps its SPEC routes, /rdx-config, beside these). A configuration is the type's own object,
 * in the words of its schema: RDX's rdx_lot_count, atm_value…; a multi-leg strategy's legs, entry, exit_at….
 */

/** The key each strategy type is known by in the API (`GET /strategies/list`'s `type`). */
export const STRATEGY_TYPE_KEYS = ['rdx', 'legs'] as const;
export type StrategyTypeKey = (typeof STRATEGY_TYPE_KEYS)[number];

const ConfigObjectSchema = z.record(z.string(), z.unknown());

/** A mapping's settings and the type they are of; `config` null while the mapping has none yet. */
export const StrategyConfigReplySchema = z.object({
  strategy_type: z.enum(STRATEGY_TYPE_KEYS),
  config: ConfigObjectSchema.nullable(),
});
export type StrategyConfigReply = z.infer<typeof StrategyConfigReplySchema>;

/**
 * A ready strategy a trader picks and then edits: its configuration a valid one of its type (its schema reads it;
 * a reply is encoded, and a schema's transforms cannot encode, so the reply carries it as an object).
 */
export const StrategyTemplateSchema = z.object({
  key: z.string(),
  name: z.string(),
  strategy_type: z.enum(STRATEGY_TYPE_KEYS),
  config: ConfigObjectSchema,
});
export type StrategyTemplate = z.infer<typeof StrategyTemplateSchema>;

export const strategyConfigRoutes = {
  templates: defineRoute({
    method: 'GET',
    path: '/strategies/templates',
    access: 'user',
    data: z.array(StrategyTemplateSchema),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/strategies/user-mappings/:id/config',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: StrategyConfigReplySchema,
  }),
  /** Saves the whole configuration (created when the mapping has none): read by the mapping's type's schema. */
  save: defineRoute({
    method: 'PUT',
    path: '/strategies/user-mappings/:id/config',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    body: ConfigObjectSchema,
    data: StrategyConfigReplySchema,
  }),
};
