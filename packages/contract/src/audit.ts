import { z } from 'zod';
import { IsoTimeSchema, PageQuerySchema } from './fields.js';
import { defineRoute } from './route.js';
import { TransactionsExportQuerySchema } from './transactions.js';

/**
 * The audit log (issue 13): every control action with who did it (or `system`), when, what, on which
 * object, the before/after of the fields it changed and the client's address. Append-only; passwords,
 * tokens and app codes are never recorded (a secret that changed shows as `(changed)`, never its value).
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.change_password',
  'user.create',
  'user.update',
  'user.delete',
  'broker_account.create',
  'broker_account.update',
  'broker_account.delete',
  /** Issue 31: an account's egress would leave from an unregistered IP (or another family's address). */
  'broker_account.egress_refused',
  'broker_token.generate',
  'kite_token.generate',
  'instrument.create',
  'instrument.update',
  'instrument.delete',
  'instruments.refresh_from_exchange',
  'holiday.create',
  'holiday.delete',
  'mapping.create',
  'mapping.update',
  'mapping.delete',
  'mapping.start',
  'mapping.stop',
  'mapping.pause',
  'mapping.resume',
  'mapping.realign',
  'mapping.exit',
  'mapping.exit_all',
  'mapping.settle_order',
  /** Issue 28: a live order whose trades could not be read, booked at its average (the note says why). */
  'mapping.fill_at_average',
  'mapping.leg_stopped',
  'mapping.leg_reentered',
  'mapping.auto_stop',
  'mapping.auto_pause',
  'rdx_config.create',
  'rdx_config.update',
  'rdx_config.delete',
  'strategy_config.save',
  'rdx_service.start',
  'rdx_service.stop',
  'live_config.create',
  'live_config.update',
  'live_config.delete',
  'live_sync.start',
  'live_sync.stop',
  'live_sync.schedule_enable',
  'live_sync.schedule_disable',
  'market_data.fetch',
  /** Issue 30: an option-candle file imported for backtests. */
  'option_candles.import',
  'kill_switch.engage',
  'kill_switch.release',
  'limits.update',
  'alert_channels.update',
  'auth.login_locked',
  'user.unlock',
  /** Issue 27: a leg closed in Kite by hand, booked in the console at the trader's price. */
  'mapping.match_broker',
  /** Issue 34: a strategy's signal token and secret created or rotated (never the secret). */
  'signal_secret.rotate',
  /** Issue 34: a signal sent to a strategy's token, accepted or refused, with its outcome (never the secret). */
  'signal.received',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How each action reads on the audit screens. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.login': 'Signed in',
  'auth.login_failed': 'Failed sign-in',
  'auth.logout': 'Signed out',
  'auth.change_password': 'Changed password',
  'user.create': 'User created',
  'user.update': 'User changed',
  'user.delete': 'User deleted',
  'broker_account.create': 'Broker account added',
  'broker_account.update': 'Broker account changed',
  'broker_account.delete': 'Broker account deleted',
  'broker_account.egress_refused': 'Broker account egress refused',
  'broker_token.generate': 'Broker token generated',
  'kite_token.generate': 'Kite token generated',
  'instrument.create': 'Instrument added',
  'instrument.update': 'Instrument changed',
  'instrument.delete': 'Instrument deleted',
  'instruments.refresh_from_exchange': 'Instruments refreshed',
  'holiday.create': 'Holiday added',
  'holiday.delete': 'Holiday deleted',
  'mapping.create': 'Strategy added',
  'mapping.update': 'Strategy changed',
  'mapping.delete': 'Strategy deleted',
  'mapping.start': 'Strategy started',
  'mapping.stop': 'Strategy stopped',
  'mapping.pause': 'Strategy paused',
  'mapping.resume': 'Strategy resumed',
  'mapping.realign': 'Strategy realigned',
  'mapping.exit': 'Strategy exited',
  'mapping.exit_all': 'Exit all',
  'mapping.settle_order': 'Order settled by hand',
  'mapping.fill_at_average': "Fill booked at the order's average",
  'mapping.leg_stopped': 'A leg closed at its own stop or target',
  'mapping.leg_reentered': 'A leg entered again after its stop',
  'mapping.auto_stop': 'Strategy stopped automatically',
  'mapping.auto_pause': 'Strategy paused automatically',
  'rdx_config.create': 'RDX configuration added',
  'rdx_config.update': 'RDX configuration changed',
  'rdx_config.delete': 'RDX configuration deleted',
  'strategy_config.save': 'Strategy settings saved',
  'rdx_service.start': 'RDX service started',
  'rdx_service.stop': 'RDX service stopped',
  'live_config.create': 'Live data configuration added',
  'live_config.update': 'Live data configuration changed',
  'live_config.delete': 'Live data configuration deleted',
  'live_sync.start': 'Live sync started',
  'live_sync.stop': 'Live sync stopped',
  'live_sync.schedule_enable': 'Live sync schedule enabled',
  'live_sync.schedule_disable': 'Live sync schedule disabled',
  'market_data.fetch': 'Historical data fetched',
  'option_candles.import': 'Option candles imported',
  'kill_switch.engage': 'Kill switch engaged',
  'kill_switch.release': 'Kill switch released',
  'limits.update': 'Limits changed',
  'alert_channels.update': 'Alert channels changed',
  'auth.login_locked': 'Sign-in locked',
  'user.unlock': 'Sign-in unlocked',
  'mapping.match_broker': 'Leg matched to the broker by hand',
  'signal_secret.rotate': 'Signal secret created or rotated',
  'signal.received': 'Signal received',
};

/** The author of automatic actions (limits, expiry, broker errors, expired tokens). */
export const AUDIT_SYSTEM_ACTOR = 'system';

/** What a secret field shows in `changes` instead of its value. */
export const AUDIT_HIDDEN = '(hidden)';
export const AUDIT_CHANGED = '(changed)';

const JsonValueSchema = z.unknown();

/** One changed field: its value before and after (null where the object did not exist). */
export const AuditChangeSchema = z.object({ before: JsonValueSchema, after: JsonValueSchema });
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: IsoTimeSchema,
  /** `system` for automatic actions; the attempted username for a failed sign-in. */
  actor: z.string(),
  actor_user_id: z.number().int().nullable(),
  /** An AUDIT_ACTIONS value; a route added later without a name of its own records its contract key. */
  action: z.string(),
  /** user, user_broker, instrument, holiday, mapping, rdx_config, live_config, kill_switch, alert_channels. */
  object_type: z.string().nullable(),
  object_id: z.number().int().nullable(),
  /** Whose object it is (a strategy's, a broker account's owner); null when it is nobody's or they are gone. */
  owner_username: z.string().nullable(),
  /** Field (snake_case) → before/after; secrets appear as AUDIT_HIDDEN / AUDIT_CHANGED. */
  changes: z.record(z.string(), AuditChangeSchema),
  /** Context that is not a field change: a stop's reason, how many strategies the kill switch stopped. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  /** The client's address; null for system actions (and, on a user's own trail, for other people's). */
  ip: z.string().nullable(),
  /**
   * The hash chain (issue 31 item 8): SHA-256 over the entry before's `hash` and this entry's recorded fields;
   * `npm run audit:verify` walks it and names the first broken link. `prev_hash` is null for the first entry.
   */
  hash: z.string().nullable(),
  prev_hash: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({ entries: z.array(AuditEntrySchema), total: z.number().int() });
export type AuditPage = z.infer<typeof AuditPageSchema>;

const optionalFilter = (max: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(max).optional());

/**
 * The admin's filters. `user` is the actor's username exactly as recorded (`system` for automatic actions,
 * the attempted name for failed sign-ins); `action` an AUDIT_ACTIONS value. Newest first.
 */
export const AuditQuerySchema = PageQuerySchema.extend({ user: optionalFilter(64), action: optionalFilter(64) });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** The export's window: IST days, both inclusive, either open (as the trade book's export). */
export const AuditExportQuerySchema = TransactionsExportQuerySchema;
export type AuditExportQuery = z.infer<typeof AuditExportQuerySchema>;

export const AUDIT_MSG = {
  failedLoad: 'Failed to load the audit log',
  failedExport: 'Could not export the audit log',
  noEntries: 'Nothing recorded yet.',
  noMatches: 'No entries match these filters.',
  allActions: 'All actions',
};

export const auditRoutes = {
  /** Everyone's trail (admin), newest first, filtered by actor username and action. */
  list: defineRoute({ method: 'GET', path: '/audit', access: 'admin', query: AuditQuerySchema, data: AuditPageSchema }),
  /**
   * Everyone's trail over IST days `from`–`to` as CSV (admin), oldest first in the order written, each row with
   * its hashes and every field they cover. Columns: id, time (ISO, UTC), actor, actor_user_id, action,
   * object_type, object_id, owner, owner_user_id, changes, detail (JSON text), ip, prev_hash, hash.
   */
  exportCsv: defineRoute({
    method: 'GET',
    path: '/audit/export.csv',
    access: 'admin',
    query: AuditExportQuerySchema,
    data: z.string(),
  }),
  /** The caller's own trail: what they did, and what was done to their account and strategies. */
  mine: defineRoute({
    method: 'GET',
    path: '/audit/mine',
    access: 'user',
    query: PageQuerySchema,
    data: AuditPageSchema,
  }),
};
