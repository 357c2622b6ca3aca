import type {
  AdminPosition,
  Alert,
  BacktestStatus,
  Mapping,
  ReconcileSymbol,
  ServiceExposure,
  StopReason,
  Transaction,
} from '@app/contract';
import type { EventBus } from './event-bus.js';

/**
 * Everything that happens in the console that another part of it reacts to (DESIGN §10). Read this list
 * to learn who talks to whom: services publish, realtime and the other domains subscribe. Payloads a
 * browser sees are the contract's types.
 */
export interface DomainEvents {
  /**
   * Fills were written as transactions: one live fill, or every paper fill of a candle close at once
   * (10,000 strategies make one event, not 20,000). Realtime: `transaction_created` for each.
   */
  'fills.booked': { transactions: Transaction[] };
  /**
   * Strategies' positions and P&L moved: after fills, or when their legs' prices changed (at most once a
   * second per strategy). Realtime: `positions_updated` for each, to its owner and admins.
   */
  'positions.changed': { positions: AdminPosition[] };
  /** A mapping's running_status moved; `reason` says what moved it. Realtime: `strategy_status_changed`. */
  'mapping.status_changed': { mapping: Mapping; reason: StopReason | 'started' };
  /**
   * A mapping was created, edited, deleted or had its RDX configuration changed: the engine re-reads what
   * it follows. Realtime: `strategy_changed` to its owner and admins.
   */
  'mapping.changed': { mappingId: number; userId: number };
  /**
   * The RDX strategy service was switched on or off (on any instance). Realtime: `rdx_service_changed` to all.
   * `by` is the admin's username (null: no person, e.g. the demo seed); `exposure` what the switch concerns:
   * strategies running or paused and those holding open legs (held, not squared off, while it is off), per
   * owner, so the alerts domain can tell each owner (issue 27); `wasRunning`, so it tells them only when the
   * switch really moved.
   */
  'rdx.service_changed': {
    isRunning: boolean;
    by: string | null;
    byUserId: number | null;
    at: number;
    exposure: ServiceExposure;
    wasRunning: boolean;
  };
  /**
   * The day's option chains were loaded from the exchange's instruments dump: each option root's lot size
   * as the exchange has it (NSE revises them). The instruments domain brings its lot sizes in line.
   */
  'option_chains.loaded': { lotSizes: Record<string, number>; at: number };
  /**
   * Option quotes the console fetched from the provider (issue 30): each listed option's last price, and its
   * depth when a full quote was asked (paper fills, the leader's ATM sweep). Fired without waiting on its
   * subscribers: the option-history domain records them while live sync runs.
   */
  'option_quotes.fetched': { quotes: FetchedOptionQuote[]; at: number };
  /** Instruments were added, edited or removed: candle sessions follow. */
  'instruments.changed': { at: number };
  /** Live-data configurations changed: a running live sync follows. */
  'live_configs.changed': { at: number };
  /** A password changed: every session of the user ends but `keepSessionId` (the one that changed it). */
  'user.password_changed': { userId: number; keepSessionId: number | null };
  /**
   * A user's role changed, or the user was deleted (their session rows went with them): every session of
   * theirs ends (auth) and their sockets close (realtime), so nobody keeps the old role's audience.
   */
  'user.access_changed': { userId: number; change: 'role' | 'deleted' };
  /** Sessions ended (logout, password change, role change): their sockets close, on every instance. */
  'sessions.revoked': { sessionIds: number[] };
  /** The kill switch was engaged or released (by an admin); `stopped` strategies and `closed_legs` when engaged. */
  'kill_switch.changed': {
    engaged: boolean;
    by: string | null;
    at: number;
    stoppedStrategies: number;
    closedLegs: number;
  };
  /**
   * Reconciliation found accounts whose broker holds other quantities than the console, each a difference not
   * told before: new, or changed since (issue 27; the same difference found again is not published, however
   * often it is compared). An account the broker could not be asked about is not drift. The alerts domain
   * tells owners and admins, once per difference (`since` is when this one was first seen).
   */
  'reconciliation.drift': {
    accounts: Array<{
      userBrokerId: number;
      userId: number;
      username: string;
      brokerUsername: string;
      symbols: ReconcileSymbol[];
      since: number;
    }>;
    at: number;
  };
  /**
   * Every comparison of live accounts with their brokers (a screen's, the reconciliation worker's), each
   * account the broker answered for with every symbol compared. Risk pauses a running strategy on a leg the
   * broker no longer holds and keeps a paused one's note to what still differs (issue 27).
   */
  'reconciliation.checked': {
    accounts: Array<{ userBrokerId: number; symbols: ReconcileSymbol[] }>;
    at: number;
  };
  /**
   * Kite refused a broker account's access token before its 06:00 IST end (first refusal of that token): the
   * alerts domain tells the owner; the engine pauses the account's running live strategies at its next tick.
   */
  'broker.token_refused': {
    userBrokerId: number;
    userId: number;
    /** How traders call the account's broker ("Kite"). */
    broker: string;
    brokerUsername: string;
    reason: string;
    at: number;
  };
  /**
   * An account's egress would leave from an IP the trader has not registered with the broker, or shares an address
   * with another family (issue 31): refused at a save, a token, a Start, or found while its strategies ran. The
   * alerts domain tells the owner; the engine pauses the account's running live strategies.
   */
  /** A live entry its account's margin could not cover, found before any order went (issue 34 item 3). */
  'entry.margin_short': {
    userId: number;
    mappingId: number;
    instrumentName: string;
    neededPaise: number;
    availablePaise: number;
    at: number;
  };
  'broker.egress_refused': { userBrokerId: number; userId: number; brokerUsername: string; reason: string; at: number };
  /** A user has a new alert (issue 13). Realtime: `alert_created`, to that user only. */
  'alert.created': { userId: number; alert: Alert };
  /** A backtest moved (queued, running with its progress, done, failed, cancelled). Realtime: `backtest_progress`, to its owner. */
  'backtest.progress': { userId: number; id: number; status: BacktestStatus; progress: number };
  /** A user marked alerts read. Realtime: `alerts_read`, to that user only (their other tabs' bells). */
  'alerts.read': { userId: number; unread: number };
  /**
   * A control action to keep on record (issue 13): the audit domain appends it. Values of secrets never ride
   * on it. `actor` is given where no user id names the author (a failed sign-in's attempted name, `system`).
   */
  'audit.action': {
    at: number;
    actorUserId: number | null;
    actor?: string;
    action: string;
    objectType: string | null;
    objectId: number | null;
    /** Whose account or strategy it is, so it shows on their own trail. */
    ownerUserId: number | null;
    changes: Record<string, { before: unknown; after: unknown }>;
    detail: Record<string, unknown> | null;
    ip: string | null;
  };
  /** An admin's test event for one user's screens. Realtime: `test_event`. */
  'realtime.test_event': { userId: number; message: string; sentAt: string };
  /**
   * A square-off (a trader's Exit, a limit, the kill switch, a window's end, the engine's chase) left legs open
   * (issue 27). `attempt` of `maxAttempts` are the chase's tries (null at a window's end: the next candle close
   * tries again); `isFinal` when the console gave up. The alerts domain tells the owner and the admins.
   */
  'square_off.failed': SquareOffSubject & {
    open: Array<{ tradingSymbol: string; quantity: number }>;
    reason: string;
    attempt: number | null;
    maxAttempts: number | null;
    isFinal: boolean;
  };
  /** A square-off that had failed went through after all: the strategy holds nothing (the alert says it cleared). */
  'square_off.completed': SquareOffSubject;
  /**
   * A loss or profit limit was found crossed (issue 27), published just before the stop: the strategies it stops
   * (as listed before), the day's P&L then and the limit, in paise, and the note the stopped rows carry. The
   * alerts domain keeps the figures for the stop's own alert (`mapping.status_changed`) to the owner and admins.
   */
  'limits.breached': {
    userId: number;
    reason: 'max_loss' | 'target_profit' | 'daily_max_loss';
    mappings: Mapping[];
    dayPnlPaise: number;
    limitPaise: number;
    note: string;
    at: number;
  };
  /**
   * A user's portfolio went beyond a cap (issue 34 item 4), told once per breach: `breaches` the caps newly
   * crossed (figure and cap in the cap's integer unit: delta in ten-thousandths, vega and margin in paise, with
   * their words), `note` every cap crossed now. With `isReducing` the listed strategies are being stopped and
   * squared off (stop reason `portfolio_limit`); without, entries are refused while it lasts.
   */
  'limits.portfolio_breached': {
    userId: number;
    breaches: Array<{
      cap: 'max_net_delta' | 'max_net_vega' | 'max_margin_used';
      figure: number;
      limit: number;
      text: string;
    }>;
    note: string;
    isReducing: boolean;
    mappings: Mapping[];
    at: number;
  };
}

/** One option's quote as fetched, named by its contract (today's chain); prices in paise. */
export interface FetchedOptionQuote {
  tradingSymbol: string;
  /** The option root (NIFTY, BANKNIFTY…). */
  underlying: string;
  /** YYYY-MM-DD */
  expiry: string;
  strikePaise: number;
  optionType: 'CE' | 'PE';
  lastPaise: number;
  /** Best first; null when only the last price was asked. */
  depth: {
    bids: Array<{ pricePaise: number; quantity: number }>;
    asks: Array<{ pricePaise: number; quantity: number }>;
  } | null;
}

/** Which strategy a square-off event is about, named as its alerts name it. */
export interface SquareOffSubject {
  mappingId: number;
  userId: number;
  username: string;
  strategyName: string;
  instrumentName: string;
  isDummy: boolean;
  at: number;
}

export type DomainEventBus = EventBus<DomainEvents>;
