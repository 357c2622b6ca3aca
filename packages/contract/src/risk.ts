import { z } from 'zod';
import { defineRoute, rowId } from './route.js';
import { LIMITS } from './constants.js';
import { IsoTimeSchema, optionalLimitRupees, rupees } from './fields.js';
import { labelOf } from './labels.js';

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

/**
 * A user's own daily limit (issue 13): the day's P&L across all their strategies (realized today +
 * unrealized, before charges) may not fall to −daily_max_loss; null = no limit. `today_pnl` is that
 * figure now, so the Profile page shows how close it is.
 */
export const DailyLimitSchema = z.object({
  user_id: z.number().int(),
  daily_max_loss: z.number().nullable(),
  /** The cap an admin set for this user: the user may lower the limit below it, not raise or remove it. */
  admin_max_loss: z.number().nullable(),
  today_pnl: z.number(),
  /**
   * Portfolio limits (issue 34 item 4), each null = no cap: the absolute net delta of all the user's open legs
   * (units of the underlying), the absolute net vega (rupees per vol point) and the margin used across the user's
   * accounts (rupees). Beyond a cap no entry or realign sells new legs; with `reduce_on_breach` a breach also
   * stops every strategy of the user and squares it off, as a daily max loss does.
   */
  max_net_delta: z.number().nullable(),
  max_net_vega: z.number().nullable(),
  max_margin_used: z.number().nullable(),
  /**
   * The caps an admin set on the three above, each null = none: the user may lower their own cap below it, not
   * raise or remove it, and is held to the tighter of the two. An admin sets them by setting the user's caps
   * (`user_id` named), as for the daily max loss.
   */
  admin_max_net_delta: z.number().nullable(),
  admin_max_net_vega: z.number().nullable(),
  admin_max_margin_used: z.number().nullable(),
  reduce_on_breach: z.boolean(),
});
export type DailyLimit = z.infer<typeof DailyLimitSchema>;

/** Admins name the user; a user sets only their own (user_id ignored). */
export const DailyLimitQuerySchema = z.object({
  user_id: rowId('User must be a positive whole number', true).optional(),
});
/**
 * A portfolio cap: above zero, two decimals at most, up to `max`; empty string and null remove it. Left out of a
 * body, the cap is kept as it is (a form that only sends the daily max loss changes no cap).
 */
const portfolioCap = (field: string, max: number) =>
  z
    .preprocess(
      (v) => (v === '' ? null : v),
      rupees(field)
        .refine((v) => v > 0, { error: `${labelOf(field)} must be more than 0` })
        .refine((v) => v <= max, { error: `${labelOf(field)} must be at most ${max.toLocaleString('en-IN')}` })
        .nullable(),
    )
    .optional();

export const SetDailyLimitSchema = z.object({
  // Required: a body that leaves it out must not turn a safety limit off by omission ('' or null clears it).
  daily_max_loss: z
    .any()
    .refine((v) => v !== undefined, { error: 'Daily Max Loss is required: an amount, or empty to remove it' })
    .pipe(optionalLimitRupees('daily_max_loss')),
  max_net_delta: portfolioCap('max_net_delta', LIMITS.maxNetDeltaCap),
  max_net_vega: portfolioCap('max_net_vega', LIMITS.maxPortfolioCapRupees),
  max_margin_used: portfolioCap('max_margin_used', LIMITS.maxPortfolioCapRupees),
  reduce_on_breach: z.boolean({ error: `${labelOf('reduce_on_breach')} must be true or false` }).optional(),
  user_id: rowId('User must be a positive whole number').optional(),
});
export type SetDailyLimit = z.infer<typeof SetDailyLimitSchema>;

export const riskRoutes = {
  killSwitch: defineRoute({ method: 'GET', path: '/risk/kill-switch', access: 'user', data: KillSwitchSchema }),
  setKillSwitch: defineRoute({
    method: 'POST',
    path: '/risk/kill-switch',
    access: 'admin',
    body: SetKillSwitchSchema,
    data: KillSwitchReplySchema,
  }),
  dailyLimit: defineRoute({
    method: 'GET',
    path: '/risk/limits',
    access: 'user',
    query: DailyLimitQuerySchema,
    data: DailyLimitSchema,
  }),
  setDailyLimit: defineRoute({
    method: 'PUT',
    path: '/risk/limits',
    access: 'user',
    body: SetDailyLimitSchema,
    data: DailyLimitSchema,
  }),
};
