/**
 * The broker port (DESIGN §11): what the engine, reconciliation and the token screens ask of a broker,
 * in one broker-neutral shape. Each broker is an adapter folder under `adapters/` implementing `Broker`,
 * named once in `broker-registry.ts`; nothing outside its folder knows the broker's wire format, its error
 * words, its product codes or its tag, freeze and protection rules.
 *
 * The order shapes below keep the field names the console has always read (`order_id`, `filled_quantity`,
 * …): they are the port's own vocabulary, and an adapter maps its broker's replies onto them.
 */
import type { OutboundRoute } from '../../platform/outbound.js';

export type OrderSide = 'BUY' | 'SELL';

/** One market order the engine wants sent: the adapter adds its product, order type and validity. */
export interface BrokerOrderParams {
  exchange: string;
  tradingSymbol: string;
  side: OrderSide;
  quantity: number;
  /** The console's label for the order (`Broker.rules.newOrderTag`); how a lost reply is found again. */
  tag: string;
  /** The instrument's market-protection setting, for brokers whose market orders need one. */
  marketProtection?: number;
}

/**
 * An order as the broker reports it (order book, order history, pushed update). Statuses in the port's
 * words: `COMPLETE`, `CANCELLED` and `REJECTED` are final; anything else (OPEN, UPDATE, …) is not.
 */
export interface BrokerOrder {
  order_id: string;
  status: string;
  tag: string | null;
  tradingsymbol: string;
  transaction_type: string;
  quantity: number;
  filled_quantity: number;
  average_price: number;
  status_message: string | null;
  /** When the exchange took it (epoch ms); null or absent before it reached the exchange. */
  exchangeAt?: number | null;
}

/** One fill of an order at one price (`average_price` is that price, in rupees as the broker sends it). */
export interface BrokerTrade {
  trade_id: string;
  order_id: string;
  quantity: number;
  average_price: number;
}

/** One of the account's trades of the current day, every order's (what the broker's contract note holds). */
export interface BrokerDayTrade extends BrokerTrade {
  exchange: string;
  tradingsymbol: string;
  transaction_type: OrderSide;
  /** When it filled (epoch ms), if the broker says. */
  filledAt: number | null;
}

/** A net position as the broker holds it now: quantity > 0 is long, < 0 short (the opposite of our legs). */
export interface BrokerPosition {
  tradingsymbol: string;
  exchange: string;
  product: string;
  quantity: number;
}

/**
 * The reply to an order the broker sliced itself (above the exchange's freeze quantity): the parent id and,
 * per slice, its order id or the broker's refusal. `children` may be absent (a broker that does not list them).
 */
export interface BrokerSlicedReply {
  order_id: string;
  children?: Array<{ order_id?: string | undefined; error?: { message?: string | undefined } | undefined }>;
}

/**
 * An account's funds as its broker reports them now, for the segment the console trades (NSE index
 * options), in integer paise. `availableMarginPaise` can be negative: an account whose losses or margin
 * calls outgrew its cash.
 */
export interface BrokerMargins {
  /** The cash in the account: the day's opening balance plus what was paid in today. */
  availableCashPaise: number;
  /** What the account's positions and open orders hold now (SPAN, exposure, option premium, M2M loss). */
  usedMarginPaise: number;
  /** What new orders may still use: the broker's own figure, which the broker checks an order against. */
  availableMarginPaise: number;
  /** When the broker answered (epoch ms): the figures are as of then and move with every fill and price. */
  checkedAt: number;
}

/** One order of a basket whose margin is asked before it goes: an option sold or bought, at the market. */
export interface MarginOrder {
  exchange: string;
  tradingSymbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
}

/** What the broker's margin calculator says a basket would hold, in paise (SPAN, exposure, premium paid). */
export interface BasketMargin {
  /** The orders' own margins added up, as if each went alone. */
  requiredPaise: number;
  /** What the basket adds once it nets against itself and the account's positions: what the broker blocks. */
  finalPaise: number;
}

/** Whose account an access token reaches, as the broker names them. */
export interface BrokerProfile {
  /** The account's user ID at its broker (e.g. "AB1234"): the console's `broker_username`. */
  userId: string;
  /** The account holder's name as the broker has it. */
  name: string;
  /** The broker's label, as `BrokerAccount.label` ("Kite"). */
  broker: string;
}

/** One account's pushed order updates, for as long as the executor waits on its orders. */
export interface OrderWatch {
  /** Whether updates stream now; while they do not, the caller polls. */
  isLive(): boolean;
  /** A mark for `wait`: the stream going up or down after it wakes the waiter. */
  mark(): number;
  /** The final state (COMPLETE, CANCELLED, REJECTED) the broker pushed for an order, if it has. */
  final(orderId: string): BrokerOrder | null;
  /** Resolves once `orderId` has a final update, the stream went up or down since `since`, or after `ms`. */
  wait(orderId: string, since: number, ms: number): Promise<void>;
  /** The caller no longer waits on this account's orders. */
  release(): void;
}

/** One broker account, logged in with its stored access token. */
export interface BrokerAccount {
  /** How traders call its broker in messages ("Kite"). */
  label: string;
  /** Places an order; never retried, because only the caller can tell a lost reply from a refusal. */
  placeOrder(order: BrokerOrderParams): Promise<string>;
  /** Places an order above the freeze quantity for the broker to slice; not retried either. */
  placeSlicedOrder(order: BrokerOrderParams): Promise<BrokerSlicedReply>;
  /** Cancels what is still open of an order (the filled part stays filled); not retried. */
  cancelOrder(orderId: string): Promise<string>;
  /** The day's order book (every order of the account): orders are found by their tag in it. */
  orders(): Promise<BrokerOrder[]>;
  /** An order's states, oldest first; a `BrokerRejected` with `reason: 'unknown_order'` when the broker has none. */
  orderHistory(orderId: string): Promise<BrokerOrder[]>;
  /** An order's trades: each fill at its own price. */
  orderTrades(orderId: string): Promise<BrokerTrade[]>;
  /** The account's trades of the current day. */
  dayTrades(): Promise<BrokerDayTrade[]>;
  /** The account's net positions (every product), as the broker holds them now. */
  positions(): Promise<BrokerPosition[]>;
  /** The account's funds and margins now (a read: retried through "try later", never cached). */
  margins(): Promise<BrokerMargins>;
  /** Whose account the stored access token reaches; a `BrokerTokenExpired` when the token is refused. */
  profile(): Promise<BrokerProfile>;
  /** The margin a basket would hold in this account, its positions considered (a read, never cached). */
  basketMargin(orders: readonly MarginOrder[]): Promise<BasketMargin>;
  /** The account's pushed order updates while its orders are awaited; undefined: poll. */
  watchOrders(): OrderWatch | undefined;
}

/** What a broker account's calls go out with (the brokers domain's `BrokerCredentials`). */
export interface AccountCredentials {
  accessToken: string;
  /** The account's own app key, when it has one; null: the console's. */
  apiKey: string | null;
  tokenUpdatedAt: number | null;
}

/** The broker refused an account's token: the account keeps it (the brokers domain's `tokenRefused`). */
export type TokenRefused = (userBrokerId: number, used: AccountCredentials, reason: string) => Promise<void>;

/** An app a person logs in through (the console's, or the account's own): its key and secret. */
export interface BrokerApp {
  apiKey: string;
  apiSecret: string;
}

/** A logged-in session: the access token and whom it belongs to. */
export interface BrokerSession {
  access_token: string;
  user_id: string;
  login_time: string | null;
}

/** Order requests an account may send (place, modify, cancel) per second and per minute. */
export interface OrderLimits {
  perSecond: number;
  perMinute: number;
}

/**
 * A broker's brokerage on NSE index options from `from` (an IST calendar day, YYYY-MM-DD) until the next
 * schedule starts: so much per executed order, whatever its size. Only brokerage is the broker's to set; the
 * statutory and exchange parts of a contract note (STT, exchange charges, SEBI fee, stamp duty, GST) are the
 * same at every broker and live in the ledger (ledger/charge-rates.ts).
 */
export interface BrokerageSchedule {
  from: string;
  perOrderPaise: number;
}

/** The rules that differ from broker to broker; the engine asks the adapter rather than knowing them. */
export interface BrokerRules {
  /** The product every order is placed under (carried overnight, margin). */
  product: string;
  /** A fresh tag for an order, within the broker's tag length and characters. */
  newOrderTag: () => string;
  /** Order requests an account may send (the executor waits its turn rather than be refused). */
  orderLimits: OrderLimits;
  /** When an access token stops working by itself, after `generatedAt` (epoch ms). */
  tokenExpiresAt: (generatedAt: number) => number;
  /** That end in a trader's words, after "expired" ("at 06:00 IST"). */
  tokenEndWords: string;
  /**
   * What the broker charges per order, oldest first, `from` strictly increasing; a day before the first is
   * charged at the first. Append a schedule when the broker changes its price, never edit a used one.
   */
  brokerage: readonly BrokerageSchedule[];
  /**
   * The band, in percent, the broker applies to a market order sent with automatic protection (−1): the
   * order becomes a LIMIT at the last price moved by it. Paper fills and backtests stop at the same band.
   */
  autoProtectionPercent: number;
}

/** A broker: its name and rules, its accounts, its logins. One adapter folder each. */
export interface Broker {
  /** The `brokers.kind` its accounts carry. */
  kind: string;
  /** How traders call it in messages ("Kite"). */
  label: string;
  rules: BrokerRules;
  /** One account's calls. A refused token is told to `tokenRefused`, never waited on. */
  account(input: {
    userBrokerId: number;
    credentials: AccountCredentials;
    tokenRefused?: TokenRefused | undefined;
    /** Where the account's calls leave from (its egress, issue 31); the server's own route when absent. */
    route?: OutboundRoute | undefined;
  }): BrokerAccount;
  /**
   * Logs a person in (user ID, password, one-time code) through `app`, an account's own app at the broker,
   * or null: the console's app there (the adapter's configuration). Opens a session.
   */
  login(app: BrokerApp | null, person: { userId: string; password: string; totp: string }): Promise<BrokerSession>;
  /** Closes what the adapter holds open (order-update connections); on shutdown. */
  close(): Promise<void>;
}

/** Options every broker error takes: the broker's own word for it, its HTTP status, what caused it. */
export interface BrokerErrorOptions {
  /** The broker's label, for messages ("Kite"). */
  broker: string;
  /** The broker's own error word, for logs. */
  code?: string | undefined;
  httpStatus?: number | undefined;
  cause?: unknown;
}

/** Anything a broker answered or failed to answer, in the port's words. */
export abstract class BrokerError extends Error {
  readonly broker: string;
  readonly code: string | undefined;
  readonly httpStatus: number | undefined;
  constructor(message: string, options: BrokerErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.broker = options.broker;
    this.code = options.code;
    this.httpStatus = options.httpStatus;
  }
}

/** The broker refused the access token (expired, revoked, or never valid): a new login is needed. */
export class BrokerTokenExpired extends BrokerError {
  override readonly name = 'BrokerTokenExpired';
}

/**
 * Why a broker rejected a request, where the engine acts on it: an order id it does not know (an earlier
 * day's), an order above the exchange's freeze quantity (`freezeQuantity` when it named one), an order
 * sliced at or below it; `other` for everything else (margins, circuit limits, bad input).
 */
export type RejectionReason = 'unknown_order' | 'above_freeze' | 'below_freeze' | 'other';

/** The broker answered and said no; nothing was done. */
export class BrokerRejected extends BrokerError {
  override readonly name = 'BrokerRejected';
  readonly reason: RejectionReason;
  readonly freezeQuantity: number | null;
  constructor(
    message: string,
    options: BrokerErrorOptions & { reason?: RejectionReason; freezeQuantity?: number | null },
  ) {
    super(message, options);
    this.reason = options.reason ?? 'other';
    this.freezeQuantity = options.freezeQuantity ?? null;
  }
}

/** The broker asked us to slow down (and did nothing). */
export class BrokerRateLimited extends BrokerError {
  override readonly name = 'BrokerRateLimited';
  readonly retryAfterMs: number | null;
  constructor(message: string, options: BrokerErrorOptions & { retryAfterMs?: number | null }) {
    super(message, options);
    this.retryAfterMs = options.retryAfterMs ?? null;
  }
}

/**
 * No answer that says what happened (a lost reply, a timeout, a server error): an order sent may or may
 * not have been taken, so it is settled later by its tag. `cause` is the transport's error, worded as it.
 */
export class BrokerUnknownOutcome extends BrokerError {
  override readonly name = 'BrokerUnknownOutcome';
}

/** Whether the broker itself answered no (its refusal or its refusal of the token), rather than failed to answer. */
export const isBrokerAnswer = (err: unknown): err is BrokerTokenExpired | BrokerRejected =>
  err instanceof BrokerTokenExpired || err instanceof BrokerRejected;
