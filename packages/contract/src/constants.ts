/** Business constants of SPEC §9, shared by server and web. */

export const DATA_INTERVALS = ['1m', '3m', '5m', '15m', '30m', '1h', '4h', '1d'] as const;
export type DataInterval = (typeof DATA_INTERVALS)[number];

export const RDX_INTERVALS = ['1m', '3m', '5m', '15m', '30m', '1h'] as const;
export type RdxInterval = (typeof RDX_INTERVALS)[number];

/** Whether a data interval is one the RDX strategy trades on. */
export const isRdxInterval = (v: string): v is RdxInterval => (RDX_INTERVALS as readonly string[]).includes(v);

/**
 * The candle intervals any strategy type decides on (the engine's word; SPEC names them after RDX, the first
 * type, whose API they keep).
 */
export type StrategyInterval = RdxInterval;
export const STRATEGY_INTERVALS = RDX_INTERVALS;
export const isStrategyInterval = isRdxInterval;

export const DATA_SOURCES = ['kite', 'binance'] as const;
export type DataSource = (typeof DATA_SOURCES)[number];

export const TIMEZONES = [
  'Asia/Kolkata',
  'America/New_York',
  'Europe/London',
  'Asia/Tokyo',
  'Australia/Sydney',
] as const;
export type Timezone = (typeof TIMEZONES)[number];

/** Trading-day sets offered by the instrument form (value is the stored comma list). */
export const TRADING_DAY_SETS = [
  { value: '1,2,3,4,5', label: 'Mon-Fri' },
  { value: '1,2,3,4,5,6', label: 'Mon-Sat' },
  { value: '0,1,2,3,4,5,6', label: 'All days' },
  { value: '1,2,3,4', label: 'Mon-Thu' },
] as const;

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const RUNNING_STATUS = { STOPPED: 0, RUNNING: 1, PAUSED: 2 } as const;

/** Running or paused: a strategy the engine still answers for (it may hold legs and act on them). */
export const isLiveStatus = (status: number): boolean =>
  status === RUNNING_STATUS.RUNNING || status === RUNNING_STATUS.PAUSED;

export const PAGE_SIZE = { userTransactions: 15, adminTransactions: 20, apiDefault: 50 } as const;

export const MESSAGE_DISMISS_MS = 5000;
export const LIVE_STATUS_REREAD_MS = 1000;
export const APP_CODE_LENGTH = 6;

export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Rails on the size of a strategy: the largest values a trader would set on purpose, so a typo
 * (100000 lots, an ATM of 99,999,999,999,999) is refused instead of traded. Quantity per leg is
 * CE/PE count × lot count × the instrument's lot size; NIFTY's exchange freeze is 1,800 (24 lots).
 */
export const LIMITS = {
  /** RDX Lot Count: lots sold per CE/PE count. */
  maxRdxLotCount: 50,
  /** CE Count and PE Count: legs' multiplier on each side of the strangle. */
  maxLegCount: 10,
  /** ATM Value in rupees: above every index and crypto price traded here (NIFTY ~25,000, BTC ~1,00,000). */
  maxAtmRupees: 10_00_000,
  /** Offset Value in rupees either side; the server also keeps it inside the option chain's strikes. */
  maxOffsetRupees: 50_000,
  /** Max Loss, Target Profit and a user's Daily Max Loss in rupees: a crore is past any sane limit. */
  maxRiskLimitRupees: 1_00_00_000,
  /** Max Net Delta (units of the underlying, absolute): past any book this console trades (issue 34 item 4). */
  maxNetDeltaCap: 10_00_000,
  /** Max Net Vega (rupees per vol point) and Max Margin Used (rupees): a hundred crore is past any book. */
  maxPortfolioCapRupees: 100_00_00_000,
  /** A Paper account's virtual capital in rupees (issue 32 item 3): a hundred crore is past any trader's book. */
  maxVirtualCapitalRupees: 100_00_00_000,
  /** An option's fill price in rupees, as a trader settles an order by hand: past any premium (NIFTY's are ≤ ₹5,000). */
  maxFillPriceRupees: 1_00_000,
} as const;

/** Actions a row of the Active Strategies table may offer; the server lists those that can succeed now. */
export const STRATEGY_ACTIONS = ['start', 'pause', 'resume', 'realign', 'exit'] as const;
export type StrategyActionName = (typeof STRATEGY_ACTIONS)[number];

/** Why a strategy stopped (issue 13), carried on the row and in `strategy_status_changed`. */
export const STOP_REASONS = [
  'max_loss',
  'target_profit',
  'daily_max_loss',
  'kill_switch',
  'expiry',
  'broker_error',
  'token_expired',
  'manual',
  /** Paused: the broker no longer holds a leg the console counts (closed in Kite by hand); issue 27. */
  'broker_drift',
  /** Paused: the account's orders would leave from an IP the broker has not registered (issue 31). */
  'egress_mismatch',
  /** A portfolio limit (net delta, net vega or margin used) crossed with Reduce on breach set; issue 34 item 4. */
  'portfolio_limit',
] as const;
export type StopReason = (typeof STOP_REASONS)[number];
