import type {
  AlertKind,
  CalendarExchange,
  DataInterval,
  DataSource,
  PaperPriceSource,
  RdxInterval,
  Role,
} from '@app/contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  BacktestResultsTable,
  BacktestSweepsTable,
  BacktestsTable,
  LegsConfigsTable,
} from './schema-backtests.js';

/*
 * Row types for Kysely (camelCase in TypeScript, snake_case in SQL via CamelCasePlugin).
 * The schema itself lives only in ./migrations. Times are UTC epoch milliseconds;
 * money is integer paise; candle prices are exact decimal strings.
 */

export interface UsersTable {
  id: Generated<number>;
  username: string;
  passwordHash: string;
  role: Role;
  /** The day's loss across all the user's strategies that stops them all (issue 13); null = none. */
  dailyMaxLossPaise: number | null;
  /** The cap an admin set on the user's daily max loss (the user may only lower the limit below it). */
  adminDailyMaxLossPaise: number | null;
  /** Portfolio limits (issue 34 item 4), null = no cap: |net delta| in hundredths of a unit of the underlying. */
  maxNetDeltaHundredths: number | null;
  /** |Net vega| in paise per vol point. */
  maxNetVegaPaise: number | null;
  /** Margin used across the user's accounts, in paise. */
  maxMarginUsedPaise: number | null;
  /** The caps an admin set on the three above (the user may only lower theirs below them); null = none. */
  adminMaxNetDeltaHundredths: number | null;
  adminMaxNetVegaPaise: number | null;
  adminMaxMarginUsedPaise: number | null;
  /** 1: a portfolio breach stops and squares off the user's strategies; 0: it only refuses entries. */
  reduceOnBreach: ColumnType<number, number | undefined, number>;
  /** 1 while the first-start admin still has the printed password (issue 14); 0 otherwise. */
  mustChangePassword: ColumnType<number, number | undefined, number>;
  createdAt: number;
  updatedAt: number;
}

export interface SessionsTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  ip: string | null;
}

export interface BrokersTable {
  id: Generated<number>;
  name: string;
  kind: string;
}

export interface UserBrokersTable {
  id: Generated<number>;
  userId: number;
  brokerId: number;
  brokerUsername: string;
  brokerTokenSealed: string | null;
  tokenUpdatedAt: number | null;
  /** When Kite first refused the current token, and its words; every token write clears both. */
  tokenRefusedAt: ColumnType<number | null, number | null | undefined, number | null>;
  tokenRefusedReason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The account's own Kite Connect app, sealed; null: the console's app (KITE_API_KEY). */
  apiKeySealed: string | null;
  apiSecretSealed: string | null;
  /** Issue 31: where the account's order calls leave from; a proxy URL is sealed (it may carry a password). */
  egressProxyUrlSealed: ColumnType<string | null, string | null | undefined, string | null>;
  egressBindAddress: ColumnType<string | null, string | null | undefined, string | null>;
  /** The IPs registered with the broker, a JSON list (primary first). */
  registeredIps: ColumnType<string, string | undefined, string>;
  familyGroup: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last check of the egress: when, the public IP found, the refusal (null when it passed). */
  egressCheckedAt: ColumnType<number | null, number | null | undefined, number | null>;
  /** A Paper account's virtual capital in paise (migration 202611290100); null on broker accounts. */
  virtualCapitalPaise: ColumnType<number | null, number | null | undefined, number | null>;
  egressPublicIp: ColumnType<string | null, string | null | undefined, string | null>;
  egressProblem: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: number;
  updatedAt: number;
}

export interface InstrumentsTable {
  id: Generated<number>;
  name: string;
  ticker: string | null;
  instrumentToken: string;
  lotSize: number;
  marketOpenTime: string;
  marketCloseTime: string;
  timezone: string;
  tradingDays: string;
  /** Sent with every live MARKET order on the instrument: −1 is Kite's automatic bound, else 1–100 %. */
  marketProtection: ColumnType<number, number | undefined, number>;
  createdAt: number;
  updatedAt: number;
}

export interface StrategiesTable {
  id: Generated<number>;
  name: string;
  description: string;
  isEnabled: number;
}

export interface UserStrategyMappingsTable {
  id: Generated<number>;
  userId: number;
  strategyId: number;
  instrumentId: number;
  userBrokerId: number | null;
  isActive: number;
  isDummy: number;
  ceCount: number;
  peCount: number;
  startTime: string | null;
  endTime: string | null;
  runningStatus: number;
  /** Why the strategy last stopped or paused (a STOP_REASONS value); null while running or never stopped. */
  stopReason: string | null;
  stoppedAt: number | null;
  /** What exactly stopped it (a limit's figures, a broker difference), for the reason it was written with; issue 27. */
  stopNote: ColumnType<string | null, string | null | undefined, string | null>;
  /** Limits on the strategy's P&L for the day (issue 13); null = none. */
  maxLossPaise: number | null;
  targetProfitPaise: number | null;
  /**
   * The cap an admin set on the max loss of someone else's mapping (the owner may only lower it below the
   * cap); null = none. Target profit has no cap: taking profit early loosens no risk.
   */
  adminMaxLossPaise: number | null;
  createdAt: number;
  updatedAt: number;
  /** Who created it (a user id: the owner, or an admin for them); null on rows from before it was recorded. */
  createdBy: ColumnType<number | null, number | null | undefined, number | null>;
  /** The candle interval its strategy decides on, saved with its settings; null until they are (migration 202611280200). */
  interval: ColumnType<RdxInterval | null, RdxInterval | null | undefined, RdxInterval | null>;
  /** Moved on by every write that opens legs or sends an order, from the value read under the lock (the fence). */
  positionVersion: Generated<number>;
}

export interface RdxConfigsTable {
  id: Generated<number>;
  mappingId: number;
  rdxLotCount: number;
  atmValuePaise: number;
  offsetValuePaise: number;
  atmLastUpdated: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface TransactionsTable {
  id: Generated<number>;
  userId: number;
  mappingId: number | null;
  strategyId: number | null;
  instrumentId: number | null;
  transactionDate: number;
  tradingSymbol: string;
  quantity: number;
  pricePaise: number;
  isDummy: number;
  orderId: number | null;
  /** 'trade' (an order filled) or 'settlement' (held to expiry, closed at intrinsic value). */
  kind: ColumnType<TransactionKind, TransactionKind | undefined, TransactionKind>;
  /**
   * The broker's trade this fill is (Kite's `trade_id`): a live order is booked one fill per trade, each at its
   * own price, once per order (migration 202611272030). Null: paper, settlement, booked by hand or at the
   * order's average when its trades could not be read.
   */
  brokerTradeId: ColumnType<string | null, string | null | undefined, string | null>;
  /** How a paper fill was priced (migration 202611272040, docs/LEDGER.md); null on live fills and settlements. */
  priceSource: ColumnType<PaperPriceSource | null, PaperPriceSource | null | undefined, PaperPriceSource | null>;
  /**
   * A paper fill's order among its strategy's orders at that instant (1, 2, …; migration 202611280601): the
   * depth levels one paper order took share it, and one brokerage. Null on live fills and settlements.
   */
  paperOrder: ColumnType<number | null, number | null | undefined, number | null>;
}

export type TransactionKind = 'trade' | 'settlement';

export interface LiveDataConfigsTable {
  id: Generated<number>;
  source: DataSource;
  instrumentToken: string;
  interval: DataInterval;
  createdAt: number;
}

export interface CandlesTable {
  source: DataSource;
  instrumentToken: string;
  interval: DataInterval;
  ts: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: number;
}

/** An option position the engine holds for a mapping (one row per leg, sold or bought). */
export interface StrategyLegsTable {
  id: Generated<number>;
  mappingId: number;
  userId: number;
  optionType: 'CE' | 'PE';
  tradingSymbol: string;
  exchange: string;
  strikePaise: number;
  expiry: string;
  /** Net units sold, signed as fills are: > 0 sold (short), < 0 bought (long), issue 33. */
  quantity: number;
  entryPricePaise: number;
  status: 'open' | 'closed';
  openedAt: number;
  closedAt: number | null;
}

/** Every order the engine intends; `tag` is the idempotency key sent to the broker. */
export interface BrokerOrdersTable {
  id: Generated<number>;
  mappingId: number;
  userId: number;
  legId: number | null;
  tag: string;
  tradingSymbol: string;
  exchange: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  status: 'pending' | 'filled' | 'failed';
  /** Opening a new leg (a SELL) or closing `legId` (a BUY). */
  intent: 'open' | 'close';
  optionType: 'CE' | 'PE' | null;
  strikePaise: number | null;
  expiry: string | null;
  userBrokerId: number | null;
  brokerOrderId: string | null;
  fillPricePaise: number | null;
  error: string | null;
  /** The instance name of the console that wrote it (null: written before consoles were named here). */
  writtenBy: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it was written, on the writer's own clock (migration 202611280100); null before that. */
  writtenAt: ColumnType<number | null, number | null | undefined, number | null>;
  /** What made the order (issue 31 item 7, order-trace.logic.ts), JSON; null on orders written before. */
  trace: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: number;
  updatedAt: number;
}

/** One failed login, counted by key (`user:<name>` or `addr:<ip>`) within the rate-limit window. */
export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  at: number;
}

/** The last candle close the engine acted on, per (instrument, interval). */
export interface CandleClaimsTable {
  instrumentToken: string;
  interval: RdxInterval;
  lastCloseAt: number;
}

/** A user's number of transactions, kept with every insert (pages read their total here). */
export interface TransactionCountsTable {
  userId: number;
  n: number;
}

/** A strategy's P&L as marked at one moment (the MTM curve). */
/** The difference a live broker account shows against the console, since when (issue 27); none while it agrees. */
export interface ReconcileDriftsTable {
  userBrokerId: number;
  shapeKey: string;
  since: number;
}

export interface PositionMarksTable {
  id: Generated<number>;
  mappingId: number;
  at: number;
  realizedPaise: number;
  unrealizedPaise: number;
}

/** A day an exchange does not trade besides weekends (docs/CALENDAR.md); IST calendar day. */
export interface MarketHolidaysTable {
  id: Generated<number>;
  exchange: CalendarExchange;
  holidayDate: string;
  description: string;
  source: string;
  createdAt: number;
}

/** One notification of a user's (issue 13); `dedupeKey` keeps a repeated condition to one alert. */
export interface AlertsTable {
  id: Generated<number>;
  userId: number;
  kind: AlertKind;
  title: string;
  body: string;
  createdAt: number;
  readAt: number | null;
  mappingId: number | null;
  userBrokerId: number | null;
  dedupeKey: string | null;
}

/** A user's own delivery channels; the bot token and the webhook secret are sealed (SecretBox). */
export interface AlertChannelsTable {
  userId: number;
  telegramBotTokenSealed: string | null;
  telegramChatId: string | null;
  webhookUrl: string | null;
  webhookSecretSealed: string | null;
  updatedAt: number;
}

/** One alert queued for one channel, retried with backoff until delivered or given up. */
export interface AlertDeliveriesTable {
  id: Generated<number>;
  alertId: number;
  channel: 'telegram' | 'webhook';
  status: 'pending' | 'delivered' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: number;
  deliveredAt: number | null;
  lastError: string | null;
}

/** One control action (issue 13); append-only. `changes` and `detail` are JSON text. */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actorUserId: number | null;
  /** The actor's username at the time, `system`, or the attempted name of a failed sign-in. */
  actor: string;
  action: string;
  objectType: string | null;
  objectId: number | null;
  /** Whose account or strategy the object is: it shows on that user's own trail. */
  ownerUserId: number | null;
  changes: string;
  detail: string | null;
  ip: string | null;
  /** The hash chain (db/audit-chain.ts): the entry before's hash (null for the first) and this entry's. */
  prevHash: string | null;
  hash: string | null;
}

/** Issue 30: an option contract's minute (expiry YYYY-MM-DD, ts its start in UTC ms), recorded or imported; paise. */
export interface OptionCandlesTable {
  underlying: string;
  expiry: string;
  strikePaise: number;
  optionType: 'CE' | 'PE';
  ts: number;
  openPaise: number;
  highPaise: number;
  lowPaise: number;
  closePaise: number;
  volume: number | null;
  oi: number | null;
  source: 'recorded' | 'imported';
}

/** Issue 30: an option's depth quote as a paper fill read it; bids/asks: JSON levels in paise, best first. */
export interface OptionQuotesTable {
  id: Generated<number>;
  tradingSymbol: string;
  at: number;
  ltpPaise: number;
  bids: string;
  asks: string;
}

/** Issue 34: a strategy's signal token (its SHA-256 only) and sealed signing secret; one per strategy. */
export interface SignalTokensTable {
  id: Generated<number>;
  mappingId: number;
  userId: number;
  tokenHash: string;
  secretSealed: string;
  createdAt: number;
}

/** Issue 34: an idempotency key a signal token received for an action, with its outcome (null while acting). */
export interface SignalKeysTable {
  tokenId: number;
  action: string;
  idempotencyKey: string;
  receivedAt: number;
  outcome: string | null;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  brokers: BrokersTable;
  userBrokers: UserBrokersTable;
  instruments: InstrumentsTable;
  strategies: StrategiesTable;
  userStrategyMappings: UserStrategyMappingsTable;
  rdxConfigs: RdxConfigsTable;
  legsConfigs: LegsConfigsTable;
  transactions: TransactionsTable;
  liveDataConfigs: LiveDataConfigsTable;
  candles: CandlesTable;
  settings: SettingsTable;
  strategyLegs: StrategyLegsTable;
  brokerOrders: BrokerOrdersTable;
  loginFailures: LoginFailuresTable;
  candleClaims: CandleClaimsTable;
  transactionCounts: TransactionCountsTable;
  positionMarks: PositionMarksTable;
  marketHolidays: MarketHolidaysTable;
  auditLog: AuditLogTable;
  alerts: AlertsTable;
  alertChannels: AlertChannelsTable;
  alertDeliveries: AlertDeliveriesTable;
  reconcileDrifts: ReconcileDriftsTable;
  optionCandles: OptionCandlesTable;
  optionQuotes: OptionQuotesTable;
  backtests: BacktestsTable;
  backtestResults: BacktestResultsTable;
  backtestSweeps: BacktestSweepsTable;
  signalTokens: SignalTokensTable;
  signalKeys: SignalKeysTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type InstrumentRow = Selectable<InstrumentsTable>;
export type MappingRow = Selectable<UserStrategyMappingsTable>;
export type RdxConfigRow = Selectable<RdxConfigsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type UserBrokerRow = Selectable<UserBrokersTable>;
export type LiveDataConfigRow = Selectable<LiveDataConfigsTable>;
export type CandleRow = Selectable<CandlesTable>;
export type LegRow = Selectable<StrategyLegsTable>;
export type BrokerOrderRow = Selectable<BrokerOrdersTable>;
export type OptionCandleRow = Selectable<OptionCandlesTable>;
