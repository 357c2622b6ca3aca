import { z } from 'zod';
import { defineRoute } from './route.js';
import { IsoTimeSchema } from './fields.js';

/** The admin's kill switch (issue 13): one state for every console instance. */
export const KillSwitchSchema = z.object({
  engaged: z.boolean(),
  engaged_at: IsoTimeSchema.nullable(),
  /** The admin's username who engaged it; null while released. */
  engaged_by: z.string().nullable(),
});
export type KillSwitch = z.infer<typeof KillSwitchSchema>;

export const SetKillSwitchSchema = z.object({ engaged: z.boolean() });
export type SetKillSwitch = z.infer<typeof SetKillSwitchSchema>;

/** What engaging stopped: the strategies and the legs it closed. */
export const KillSwitchReplySchema = KillSwitchSchema.extend({
  stopped_strategies: z.number().int(),
  closed_legs: z.number().int(),
});

export const riskRoutes = {
  killSwitch: defineRoute({ method: 'GET', path: '/risk/kill-switch', access: 'user', data: KillSwitchSchema }),
  setKillSwitch: defineRoute({
    method: 'POST',
    path: '/risk/kill-switch',
    access: 'admin',
    body: SetKillSwitchSchema,
    data: KillSwitchReplySchema,
  }),
};
