import type { AuditAction } from '@app/contract';

/** Objects the log can read before and after an action, to record what changed. */
export type ObjectKind =
  | 'user'
  | 'user_broker'
  | 'instrument'
  | 'holiday'
  | 'mapping'
  | 'rdx_config'
  | 'live_config'
  | 'kill_switch'
  | 'alert_channels';

/** What a request carried, as the catalog's functions read it (`data` is null until the handler replied). */
export interface AuditCall {
  params: Record<string, unknown>;
  body: Record<string, unknown>;
  data: Record<string, unknown> | null;
  auth: { userId: number; role: string } | null;
}

export interface AuditedRoute {
  action: AuditAction | ((call: AuditCall) => AuditAction);
  object?: ObjectKind;
  /** The object's id; by default the `:id` path parameter, else the reply's `id` (a create). */
  objectId?: (call: AuditCall) => number | null;
  /** Body fields that are secrets: recorded as changed or cleared, never with their value. */
  secrets?: readonly string[];
  /** false: the object is named, not compared (a sign-in changes no field of the user). */
  diff?: false;
  /** Context beside the field changes, from fields known to hold no secret. */
  detail?: (call: AuditCall) => Record<string, unknown> | null;
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
};

/** The default object id: `:id`, else the id the reply names (a create). */
export const defaultObjectId = (call: AuditCall): number | null => num(call.params.id) ?? num(call.data?.id);

const self = (call: AuditCall) => call.auth?.userId ?? null;
const pick =
  (from: 'body' | 'data', ...names: string[]) =>
  (call: AuditCall) => {
    const source = from === 'body' ? call.body : (call.data ?? {});
    return Object.fromEntries(names.filter((n) => n in source).map((n) => [n, source[n]]));
  };
const STATUS_ACTIONS: Record<number, AuditAction> = { 0: 'mapping.stop', 1: 'mapping.start', 2: 'mapping.pause' };

/**
 * Every state-changing route of the contract (by its `domain.name` key) and how it is recorded. Reads are
 * not recorded. A route missing here and from AUDIT_UNRECORDED is still recorded under its key, and fails
 * the catalog's test, so each new route gets a name of its own.
 */
export const AUDITED_ROUTES: Record<string, AuditedRoute> = {
  'auth.login': {
    action: 'auth.login',
    object: 'user',
    objectId: (c) => num((c.data?.user as { id?: unknown } | undefined)?.id),
    diff: false,
  },
  'auth.logout': { action: 'auth.logout', object: 'user', objectId: self },
  'auth.changePassword': {
    action: 'auth.change_password',
    object: 'user',
    objectId: self,
    secrets: ['new_password'],
  },
  'users.create': { action: 'user.create', object: 'user', secrets: ['password'] },
  'users.update': { action: 'user.update', object: 'user', secrets: ['password'] },
  'users.remove': { action: 'user.delete', object: 'user' },
  'brokers.create': {
    action: 'broker_account.create',
    object: 'user_broker',
    secrets: ['broker_token', 'api_key', 'api_secret', 'egress_proxy_url'],
  },
  'brokers.update': {
    action: 'broker_account.update',
    object: 'user_broker',
    secrets: ['broker_token', 'api_key', 'api_secret', 'egress_proxy_url'],
  },
  'brokers.remove': { action: 'broker_account.delete', object: 'user_broker' },
  'brokerTokens.generateUserToken': { action: 'broker_token.generate', object: 'user_broker' },
  'brokerTokens.generateKiteToken': { action: 'kite_token.generate' },
  'instruments.create': { action: 'instrument.create', object: 'instrument' },
  'instruments.update': { action: 'instrument.update', object: 'instrument' },
  'instruments.remove': { action: 'instrument.delete', object: 'instrument' },
  'marketData.refreshFromExchange': { action: 'instruments.refresh_from_exchange' },
  'calendar.addHoliday': { action: 'holiday.create', object: 'holiday' },
  'calendar.removeHoliday': { action: 'holiday.delete', object: 'holiday' },
  'strategies.create': { action: 'mapping.create', object: 'mapping' },
  'strategies.update': { action: 'mapping.update', object: 'mapping' },
  'strategies.remove': { action: 'mapping.delete', object: 'mapping' },
  'strategies.toggleStatus': {
    action: (c) => STATUS_ACTIONS[num(c.body.running_status) ?? 0] ?? 'mapping.stop',
    object: 'mapping',
  },
  'strategies.exitAll': {
    action: 'mapping.exit_all',
    object: 'user',
    objectId: self,
    detail: pick('data', 'stopped_strategies'),
  },
  'rdx.create': { action: 'rdx_config.create', object: 'rdx_config' },
  'rdx.update': { action: 'rdx_config.update', object: 'rdx_config' },
  'rdx.remove': { action: 'rdx_config.delete', object: 'rdx_config' },
  // Any strategy type's settings (issue 33): the same row the type's own routes write, compared before and after.
  'strategyConfigs.save': { action: 'strategy_config.save', object: 'rdx_config' },
  'rdx.pause': { action: 'mapping.pause', object: 'mapping' },
  'rdx.resume': { action: 'mapping.resume', object: 'mapping' },
  'engine.realign': { action: 'mapping.realign', object: 'mapping' },
  'engine.exit': { action: 'mapping.exit', object: 'mapping' },
  'engine.settleOrder': {
    action: 'mapping.settle_order',
    object: 'mapping',
    diff: false,
    detail: (c) => ({ order_id: num(c.params.orderId), ...pick('body', 'filled', 'price', 'quantity')(c) }),
  },
  // Issue 27: a leg closed in Kite by hand, booked in the console at the trader's price.
  'positions.matchBroker': {
    action: 'mapping.match_broker',
    object: 'mapping',
    diff: false,
    detail: (c) => ({ ...pick('body', 'trading_symbol', 'price')(c), ...pick('data', 'closed_quantity')(c) }),
  },
  'engine.start': { action: 'rdx_service.start' },
  'engine.stop': { action: 'rdx_service.stop' },
  'liveData.create': { action: 'live_config.create', object: 'live_config' },
  'liveData.update': { action: 'live_config.update', object: 'live_config' },
  'liveData.remove': { action: 'live_config.delete', object: 'live_config' },
  'marketData.liveSyncStart': { action: 'live_sync.start' },
  'marketData.liveSyncStop': { action: 'live_sync.stop' },
  'marketData.scheduleEnable': { action: 'live_sync.schedule_enable' },
  'marketData.scheduleDisable': { action: 'live_sync.schedule_disable' },
  'marketData.fetch': {
    action: 'market_data.fetch',
    detail: pick('body', 'source', 'instrumentToken', 'interval', 'startDate', 'endDate'),
  },
  // Issue 30: the figures, never the file.
  'optionHistory.importCandles': { action: 'option_candles.import', detail: pick('data', 'imported', 'replaced') },
  'risk.setKillSwitch': {
    action: (c) => (c.body.engaged === true ? 'kill_switch.engage' : 'kill_switch.release'),
    object: 'kill_switch',
    objectId: () => null,
    detail: pick('data', 'stopped_strategies', 'closed_legs'),
  },
  // A user's daily limit: an admin names the user, a user sets their own.
  'risk.setDailyLimit': {
    action: 'limits.update',
    object: 'user',
    objectId: (c) => (c.auth?.role === 'admin' ? (num(c.body.user_id) ?? self(c)) : self(c)),
  },
  'alerts.updateChannels': {
    action: 'alert_channels.update',
    object: 'alert_channels',
    objectId: self,
    secrets: ['telegram_bot_token', 'webhook_secret'],
  },
  // Issue 27: the admin ends a user's sign-in lock (its start is on record as auth.login_locked).
  'users.unlock': { action: 'user.unlock', object: 'user', diff: false },
  // Issue 34: the strategy named, never the token or the secret the reply carries.
  'signals.rotateSecret': { action: 'signal_secret.rotate', object: 'mapping', diff: false },
};

/** State-changing calls that are not control actions: nothing to put on record. */
export const AUDIT_UNRECORDED: readonly string[] = [
  'auth.verify',
  'engine.testEvent',
  'alerts.markRead',
  'alerts.testChannels',
  // Issue 30: a backtest is research on the trader's own copy of history: no setting, order or money moves.
  'backtests.create',
  'backtests.createSweep',
  'backtests.remove',
  // Issue 34: a payoff is arithmetic on legs the trader typed: nothing is stored, ordered or changed.
  'analytics.payoff',
  // Issue 34: a margin quote asks the broker's calculator; nothing is sent, stored or changed.
  'engine.margin',
  // Issue 34: put on record by the signals service itself as `signal.received`, refused ones too (this edge
  // records successes only), with the outcome and never the secret.
  'signals.send',
];
