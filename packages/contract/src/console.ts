import { z } from 'zod';
import { defineRoute } from './route.js';
import { IsoTimeSchema } from './fields.js';

/**
 * Where this console's orders and prices go: its built-in sandbox exchange, or Kite. Every screen (the login
 * page too) says SANDBOX while it is the sandbox, so nobody takes a sandbox fill for a real one.
 */
export const EXCHANGES = ['sandbox', 'kite'] as const;
export type Exchange = (typeof EXCHANGES)[number];

export const ConsoleExchangeSchema = z.object({ exchange: z.enum(EXCHANGES) });
export type ConsoleExchange = z.infer<typeof ConsoleExchangeSchema>;

/**
 * The options feed (issue 32 item 6): `live` ticking; `stale` quiet longer than a minute while the market is
 * open; `idle` quiet because the market is shut (normal); `stopped` halted for good until fixed (`reason`).
 */
export const FEED_STATES = ['live', 'stale', 'idle', 'stopped'] as const;
export type FeedState = (typeof FEED_STATES)[number];

/** A broker account's access token: `ok`, `missing` (none set), `expired` (past its end), `refused` by the broker. */
export const TOKEN_STATES = ['ok', 'missing', 'expired', 'refused'] as const;
export type TokenState = (typeof TOKEN_STATES)[number];

/**
 * GET /console/status (issue 32 item 6): what the status strip on every screen says, for the caller: the
 * exchange, whether the options market is open (NSE's holidays included) and when it next opens, whether the
 * feed is alive, each of the caller's broker accounts' token, and the kill switch.
 */
export const ConsoleStatusSchema = z.object({
  exchange: z.enum(EXCHANGES),
  market: z.object({
    /** The instrument whose hours are meant (the first options index), e.g. "NIFTY 50"; null without one. */
    instrument: z.string().nullable(),
    is_open: z.boolean(),
    /** While open: when it closes; while shut: null. */
    closes_at: IsoTimeSchema.nullable(),
    /** While shut: when it next opens (holidays skipped); null while open or when no open is in sight. */
    next_open_at: IsoTimeSchema.nullable(),
    /** Why it is shut all day (a weekend or an NSE holiday, named), else null. */
    closed_reason: z.string().nullable(),
  }),
  feed: z.object({
    state: z.enum(FEED_STATES),
    last_tick_at: IsoTimeSchema.nullable(),
    /** Seconds since the last tick; null before the first. */
    age_seconds: z.number().int().nullable(),
    /** Why it stopped, in a trader's words (`stopped` only). */
    reason: z.string().nullable(),
  }),
  accounts: z.array(
    z.object({
      user_broker_id: z.number().int(),
      broker_name: z.string(),
      broker_username: z.string(),
      token_state: z.enum(TOKEN_STATES),
      token_expires_at: IsoTimeSchema.nullable(),
      /** How many of the caller's strategies trade live on it: with none, a missing token stops nothing. */
      live_strategies: z.number().int(),
    }),
  ),
  kill_switch: z.object({ engaged: z.boolean(), engaged_at: IsoTimeSchema.nullable() }),
  checked_at: IsoTimeSchema,
});
export type ConsoleStatus = z.infer<typeof ConsoleStatusSchema>;

export const consoleRoutes = {
  /** Public: the login page says SANDBOX before anyone signs in. Names no host, version or account. */
  exchange: defineRoute({ method: 'GET', path: '/console/exchange', access: 'public', data: ConsoleExchangeSchema }),
  status: defineRoute({ method: 'GET', path: '/console/status', access: 'user', data: ConsoleStatusSchema }),
};
