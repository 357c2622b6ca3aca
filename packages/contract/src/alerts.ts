import { z } from 'zod';
import { IsoTimeSchema, PageQuerySchema } from './fields.js';
import { defineRoute, rowId } from './route.js';

/**
 * Alerts (issue 13): the trader hears when something stops their strategies without them. In-app (the
 * bell), and optionally on Telegram and an outgoing webhook of their own.
 */
export const ALERT_KINDS = [
  /** A strategy stopped or paused by a limit, expiry or an expired token: anything but the trader. */
  'strategy_stopped',
  /** The broker rejected an order, so the strategy stopped. */
  'broker_error',
  /** A live strategy's broker token will have expired before the market next opens. */
  'token_expiring',
  /** Kite refused a broker account's access token before its end: its live strategies cannot trade. */
  'token_refused',
  'kill_switch',
  /** The broker holds other quantities than the console for an account. */
  'reconciliation_drift',
  /** The trader's own "Send test" of their channels. */
  'test',
  /** A square-off (Exit, a limit, the kill switch, window end, the chase) left legs open at the broker; issue 27. */
  'square_off_failed',
  /** A square-off that had failed went through in the end: nothing of it is left open. */
  'square_off_completed',
  /** An admin stopped (or started again) the RDX service: running strategies hold and take no trades. */
  'rdx_service',
  /** A broker account's orders would leave from an IP its broker has not registered (issue 31). */
  'egress_mismatch',
  /** A live entry its account's margin could not cover: nothing was sent (issue 34). */
  'margin_short',
  /** A user's net delta, net vega or margin used went beyond its portfolio cap (issue 34 item 4). */
  'portfolio_limit',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const AlertSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  title: z.string(),
  body: z.string(),
  created_at: IsoTimeSchema,
  read_at: IsoTimeSchema.nullable(),
  /** The strategy or broker account it is about, when it is about one. */
  user_strategy_mapping_id: z.number().int().nullable(),
  user_broker_id: z.number().int().nullable(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const AlertsQuerySchema = PageQuerySchema;

export const AlertsPageSchema = z.object({
  alerts: z.array(AlertSchema),
  total: z.number().int(),
  unread: z.number().int(),
});
export type AlertsPage = z.infer<typeof AlertsPageSchema>;

/** Marks the caller's own alerts read: the listed ones, or every one with `all`. */
export const MarkAlertsReadSchema = z
  .object({
    ids: z
      .array(rowId('Alert ids must be positive whole numbers'))
      .max(500, { error: 'At most 500 alerts at a time' })
      .optional(),
    all: z.boolean().optional(),
  })
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, { error: 'Name the alerts to mark read, or all' });
export type MarkAlertsRead = z.infer<typeof MarkAlertsReadSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });

/** Telegram's bot tokens: the bot's id, a colon, and its secret. */
const BOT_TOKEN = /^\d{3,20}:[A-Za-z0-9_-]{20,100}$/;
/** A chat's numeric id (groups and channels are negative) or a public channel's @name. */
const CHAT_ID = /^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/;

/** `''` and null clear a setting; an absent field keeps what is stored. */
const clearable = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable()).optional();

/** A URL the server's own parser reads (`http://%zz` or `https://host:port/` pass the pattern but not it). */
function isParsableUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

export const UpdateAlertChannelsSchema = z.object({
  telegram_bot_token: clearable(
    z
      .string()
      .trim()
      .regex(BOT_TOKEN, { error: 'Telegram Bot Token must be the token BotFather gave (123456789:ABC...)' }),
  ),
  telegram_chat_id: clearable(
    z.string().trim().regex(CHAT_ID, { error: 'Telegram Chat ID must be a number or an @channel name' }),
  ),
  webhook_url: clearable(
    z
      .string()
      .trim()
      .max(500, { error: 'Webhook URL must be at most 500 characters' })
      .regex(/^https?:\/\/[^\s]+$/i, { error: 'Webhook URL must start with http:// or https://' })
      .refine(isParsableUrl, { error: 'Webhook URL is not a valid address' }),
  ),
  webhook_secret: clearable(
    z
      .string()
      .min(16, { error: 'Webhook Secret must be at least 16 characters' })
      .max(200, { error: 'Webhook Secret must be at most 200 characters' }),
  ),
});
export type UpdateAlertChannels = z.input<typeof UpdateAlertChannelsSchema>;

/** How the newest alert sent on a channel went, so a trader sees a channel that does not deliver. */
export const ChannelDeliverySchema = z.object({
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  /** Delivered: when. Pending: when it is tried next. Failed: when the console gave up. */
  at: IsoTimeSchema,
  /** Why the last try did not deliver (the receiver's answer; never a token or secret). */
  error: z.string().nullable(),
});
export type ChannelDelivery = z.infer<typeof ChannelDeliverySchema>;

/** A trader's channels as shown back: never the bot token or the webhook secret, only that they are set. */
export const AlertChannelsSchema = z.object({
  has_telegram_bot_token: z.boolean(),
  telegram_chat_id: z.string().nullable(),
  webhook_url: z.string().nullable(),
  has_webhook_secret: z.boolean(),
  /** Channels that would receive an alert now (both halves of each set). */
  active: z.array(z.enum(['telegram', 'webhook'])),
  /** The newest alert sent on each channel, or null when none was. */
  last_delivery: z.object({
    telegram: ChannelDeliverySchema.nullable(),
    webhook: ChannelDeliverySchema.nullable(),
  }),
});
export type AlertChannels = z.infer<typeof AlertChannelsSchema>;

/** How one channel took the test alert, sent while the trader waited. */
export const TestAlertChannelSchema = z.object({
  channel: z.enum(['telegram', 'webhook']),
  /** `pending`: not delivered yet, tried again later (the receiver failed for now). */
  status: z.enum(['delivered', 'pending', 'failed']),
  /** Why it was not delivered, in a trader's words (never the receiver's own text). */
  error: z.string().nullable(),
});
export type TestAlertChannel = z.infer<typeof TestAlertChannelSchema>;

/** The test alert's reply: each active channel's real outcome (none: the bell only). */
export const TestAlertReplySchema = z.object({ channels: z.array(TestAlertChannelSchema) });
export type TestAlertReply = z.infer<typeof TestAlertReplySchema>;

export const alertsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/alerts',
    access: 'user',
    query: AlertsQuerySchema,
    data: AlertsPageSchema,
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/alerts/read',
    access: 'user',
    body: MarkAlertsReadSchema,
    data: UnreadCountSchema,
  }),
  channels: defineRoute({ method: 'GET', path: '/alerts/channels', access: 'user', data: AlertChannelsSchema }),
  updateChannels: defineRoute({
    method: 'PUT',
    path: '/alerts/channels',
    access: 'user',
    body: UpdateAlertChannelsSchema,
    data: AlertChannelsSchema,
  }),
  /** Sends a test alert to the bell and every active channel of the caller, and says how each took it. */
  testChannels: defineRoute({
    method: 'POST',
    path: '/alerts/channels/test',
    access: 'user',
    data: TestAlertReplySchema,
  }),
};
