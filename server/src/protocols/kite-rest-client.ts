import { parseKiteInstrumentsCsv, type KiteInstrument } from './kite-instruments-csv.js';
import {
  formatKiteDateTime,
  KiteApiError,
  kiteSessionChecksum,
  parseKiteHistoricalData,
  unwrapKiteEnvelope,
  type KiteCandle,
  type KiteInterval,
} from './kite-rest.js';
import { toPaise } from '@app/contract';
import { z } from 'zod';
import {
  fetchWithTimeout,
  RetryableError,
  retryAfterMs,
  withRetry,
  type OutboundRoute,
  type RetryOptions,
} from '../platform/outbound.js';

export interface KiteRestOptions {
  apiRoot: string;
  apiKey: string;
  /** The access token to send, if any (market data or a user's broker token). */
  accessToken?: () => string | null;
  retry?: RetryOptions;
  /** Kite refused the access token (TokenException): told before the error is thrown, so the account can keep it. */
  onTokenRefused?: (err: KiteApiError) => void;
  /** Where the calls leave from (the account's egress, issue 31); the server's own route when absent. */
  route?: OutboundRoute | undefined;
  /** Each read's request waits here for its turn within Kite's read limits (each try of it); unset, reads go at once. */
  paceRead?: (<T>(path: string, request: () => Promise<T>) => Promise<T>) | undefined;
}

export interface KiteOrderRequest {
  exchange: string;
  tradingsymbol: string;
  transaction_type: 'BUY' | 'SELL';
  quantity: number;
  product: 'NRML' | 'MIS' | 'CNC';
  order_type: 'MARKET' | 'LIMIT';
  /**
   * Required on MARKET orders placed through the API since 1 April 2026 (exchange retail-algo rules): the
   * percentage a fill may stray from the last price, or −1 for Kite's automatic bound.
   */
  market_protection?: number;
  tag: string;
}

/** An order as Kite reports it (orders, order history); fields we act on, checked at the edge. */
const KiteOrderSchema = z.object({
  order_id: z.string(),
  status: z.string(),
  tag: z.string().nullable(),
  tradingsymbol: z.string(),
  transaction_type: z.string(),
  quantity: z.number(),
  filled_quantity: z.number(),
  average_price: z.number(),
  status_message: z.string().nullable(),
  /** When the exchange took it (IST, `yyyy-mm-dd hh:mm:ss`); null before it reached the exchange. */
  exchange_timestamp: z.string().nullable().optional(),
});
export type KiteOrder = z.infer<typeof KiteOrderSchema>;

/**
 * One trade of an order (`GET /orders/{id}/trades`, kiteconnect-mocks `order_trades.json`): a fill at one
 * price, `average_price` being that price. An order filled at two levels has two.
 */
const KiteTradeSchema = z.object({
  trade_id: z.union([z.string(), z.number()]).transform(String),
  order_id: z.string(),
  quantity: z.number(),
  average_price: z.number(),
});
export type KiteTrade = z.infer<typeof KiteTradeSchema>;

/**
 * One of the account's trades of the day (`GET /trades`, kiteconnect-mocks `trades.json`): what the broker's
 * contract note for the day is made of. Kite lists the current day's only (Kite Connect orders docs: "Retrieve
 * the list of all executed trades for the day").
 */
const KiteDayTradeSchema = z.object({
  trade_id: z.union([z.string(), z.number()]).transform(String),
  order_id: z.string(),
  exchange: z.string(),
  tradingsymbol: z.string(),
  transaction_type: z.enum(['BUY', 'SELL']),
  quantity: z.number(),
  average_price: z.number(),
  /** IST `yyyy-mm-dd hh:mm:ss`. */
  fill_timestamp: z.string().nullable().optional(),
  exchange_timestamp: z.string().nullable().optional(),
});
export type KiteDayTrade = z.infer<typeof KiteDayTradeSchema>;

/** One row of `GET /portfolio/positions` `net`: quantity > 0 is long at Kite (the opposite of our legs). */
const KitePositionSchema = z.object({
  tradingsymbol: z.string(),
  exchange: z.string(),
  product: z.string(),
  quantity: z.number(),
});
export type KitePosition = z.infer<typeof KitePositionSchema>;
const PositionsSchema = z.object({ net: z.array(KitePositionSchema) });

/**
 * One segment of `GET /user/margins/{segment}` (kiteconnect-mocks `margins_equity.json`), rupees: `net` is
 * what new orders may still use, `available.cash` the cash in the account (opening balance plus today's
 * pay-in), `utilised.debits` what positions and open orders hold (SPAN, exposure, premium, M2M).
 */
const MarginSegmentSchema = z.object({
  enabled: z.boolean(),
  net: z.number(),
  available: z.object({ cash: z.number(), live_balance: z.number() }),
  utilised: z.object({ debits: z.number() }),
});
export type KiteMarginSegment = z.infer<typeof MarginSegmentSchema>;

/** One order of a margin calculator's basket, as kiteconnect sends it (Kite Connect v3 "Margin calculation"). */
export interface KiteMarginOrder {
  exchange: string;
  tradingsymbol: string;
  transaction_type: 'BUY' | 'SELL';
  variety: 'regular';
  product: string;
  order_type: 'MARKET';
  quantity: number;
  price: 0;
}

/** A margin line (kiteconnect-mocks `basket_margins.json`), rupees; `option_premium` negative where received. */
const MarginLineSchema = z.object({
  span: z.number(),
  exposure: z.number(),
  option_premium: z.number(),
  total: z.number(),
});
/** `POST /margins/basket`: `initial` adds the orders' own margins, `final` nets them as one hedged basket. */
const BasketMarginsSchema = z.object({ initial: MarginLineSchema, final: MarginLineSchema });
export type KiteBasketMargins = z.infer<typeof BasketMarginsSchema>;

/**
 * What a margin line holds once its orders are open, in paise, as Kite's funds count it: SPAN and exposure, and
 * the premium paid for bought options (premium received, negative in the calculator, is not margin and does not
 * lower it).
 */
export function marginHeldPaise(line: KiteBasketMargins['final']): number {
  return toPaise(line.span) + toPaise(line.exposure) + Math.max(0, toPaise(line.option_premium));
}

/** `GET /user/profile` (kiteconnect-mocks `profile.json`): whose account the token is, as Kite names them. */
const ProfileSchema = z.object({ user_id: z.string(), user_name: z.string(), broker: z.string() });
export type KiteProfile = z.infer<typeof ProfileSchema>;

const LtpSchema = z.record(z.string(), z.object({ instrument_token: z.number(), last_price: z.number() }));
/** `GET /quote/ohlc` (Kite Connect v3 "Market quotes"): `ohlc.close` is the previous trading day's close. */
const OhlcSchema = z.record(
  z.string(),
  z.object({ instrument_token: z.number(), last_price: z.number(), ohlc: z.object({ close: z.number() }) }),
);
/** One level of a quote's market depth; Kite pads a thin side with zero levels. */
const DepthLevelSchema = z.object({ price: z.number(), quantity: z.number(), orders: z.number().optional() });
/**
 * `GET /quote` entries (kiteconnect-mocks `quote.json`), the fields a paper fill is priced from: the last
 * price and five levels of bids (`depth.buy`) and offers (`depth.sell`), best first. Indices have no depth.
 */
const QuoteSchema = z.record(
  z.string(),
  z.object({
    instrument_token: z.number(),
    last_price: z.number(),
    depth: z.object({ buy: z.array(DepthLevelSchema), sell: z.array(DepthLevelSchema) }).optional(),
  }),
);
export type KiteQuote = z.infer<typeof QuoteSchema>[string];
const PlacedSchema = z.object({ order_id: z.string() });
/**
 * The reply to an order placed with `autoslice=true` (kiteconnectjs 5.3.0 `AutosliceOrderResponse`): the
 * parent id and, per slice, its order id or the broker's refusal. Kite's API page still shows the plain
 * `{order_id}` reply, so `children` may be absent.
 */
const SlicedSchema = z.object({
  order_id: z.string(),
  children: z
    .array(
      z.object({
        order_id: z.string().optional(),
        error: z.object({ message: z.string().optional(), error_type: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});
export type KiteSlicedReply = z.infer<typeof SlicedSchema>;
const SessionSchema = z.object({ access_token: z.string(), user_id: z.string(), login_time: z.string().nullable() });

/** An order as Kite's form fields. */
function orderForm(order: KiteOrderRequest): Record<string, string> {
  const { market_protection: protection, ...rest } = order;
  return {
    ...rest,
    quantity: String(order.quantity),
    validity: 'DAY',
    ...(protection === undefined ? {} : { market_protection: String(protection) }),
  };
}

/** A reply's `data` checked against what we rely on; a surprise is a DataException naming the field. */
function parsed<T>(schema: z.ZodType<T>, data: unknown, what: string): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.join('.') || 'reply';
  throw new KiteApiError('DataException', `Kite sent an unexpected ${what} (${where}: ${issue?.message ?? 'invalid'})`);
}

/**
 * Kite Connect REST over fetch. We do not use the official client here because retrying by HTTP
 * status and Retry-After needs the status, which it drops from rejected replies.
 */
export function createKiteRest(options: KiteRestOptions) {
  const root = options.apiRoot.replace(/\/$/, '');

  /** A request body: a form (most calls), or JSON where Kite takes a list (the margin calculators). */
  type Body = Record<string, string> | { json: unknown };
  const bodyOf = (body: Body) =>
    'json' in body
      ? { type: 'application/json', text: JSON.stringify(body.json) }
      : {
          type: 'application/x-www-form-urlencoded',
          text: new URLSearchParams(body).toString(),
        };

  async function once(method: 'GET' | 'POST' | 'DELETE', path: string, form?: Body) {
    const headers: Record<string, string> = { 'X-Kite-Version': '3' };
    const token = options.accessToken?.();
    if (token) headers.Authorization = `token ${options.apiKey}:${token}`;
    const body = form ? bodyOf(form) : undefined;
    if (body) headers['Content-Type'] = body.type;
    const res = await fetchWithTimeout(`${root}${path}`, {
      method,
      headers,
      route: options.route,
      ...(body ? { body: body.text } : {}),
    });
    if (res.status === 429 || res.status >= 500) {
      throw new RetryableError(`Kite answered ${res.status}`, retryAfterMs(res.headers.get('retry-after')), res.status);
    }
    return res;
  }

  async function readData(res: Response): Promise<unknown> {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new KiteApiError('DataException', `Kite sent an unreadable reply (${res.status})`, res.status);
    }
    try {
      return unwrapKiteEnvelope<unknown>(body, res.status);
    } catch (err) {
      if (err instanceof KiteApiError && err.errorType === 'TokenException') options.onTokenRefused?.(err);
      throw err;
    }
  }

  /** A read: retried when Kite says to try later or never answered. */
  function json(method: 'GET' | 'POST' | 'DELETE', path: string, form?: Body): Promise<unknown> {
    const pace = options.paceRead;
    const send = () => once(method, path, form);
    return withRetry(async () => readData(await (pace ? pace(path, send) : send())), options.retry);
  }

  return {
    /** The app and access token these calls go out as (the ticker's order updates log in the same way). */
    credentials: () => ({ apiKey: options.apiKey, accessToken: options.accessToken?.() ?? null }),

    async historical(token: string, interval: KiteInterval, from: number, to: number): Promise<KiteCandle[]> {
      const q = new URLSearchParams({ from: formatKiteDateTime(from), to: formatKiteDateTime(to) });
      const data = await json(
        'GET',
        `/instruments/historical/${encodeURIComponent(token)}/${interval}?${q.toString()}`,
      );
      return parseKiteHistoricalData(data);
    },

    /** `i` keys as Kite takes them: `NFO:NIFTY25D0924500CE` or a token. */
    async ltp(keys: string[]): Promise<Record<string, { instrument_token: number; last_price: number }>> {
      const q = keys.map((k) => `i=${encodeURIComponent(k)}`).join('&');
      return parsed(LtpSchema, await json('GET', `/quote/ltp?${q}`), 'quote');
    },

    /** OHLC quotes, keyed like `ltp`: the previous day's close of each (issue 28: Kite's day P&L). */
    async ohlc(keys: string[]): Promise<Record<string, { last_price: number; ohlc: { close: number } }>> {
      const q = keys.map((k) => `i=${encodeURIComponent(k)}`).join('&');
      return parsed(OhlcSchema, await json('GET', `/quote/ohlc?${q}`), 'quote');
    },

    /** Full quotes with market depth; at most 500 `i` keys a request (Kite's cap). */
    async quote(keys: string[]): Promise<Record<string, KiteQuote>> {
      const q = keys.map((k) => `i=${encodeURIComponent(k)}`).join('&');
      return parsed(QuoteSchema, await json('GET', `/quote?${q}`), 'quote');
    },

    async instruments(): Promise<KiteInstrument[]> {
      return withRetry(async () => {
        const res = await once('GET', '/instruments');
        const text = await res.text();
        if (!res.ok) unwrapKiteEnvelope(JSON.parse(text) as unknown, res.status);
        return parseKiteInstrumentsCsv(text);
      }, options.retry);
    },

    /** Places an order; not retried here, because only the caller can tell a lost reply from a refusal. */
    async placeOrder(order: KiteOrderRequest): Promise<string> {
      const res = await once('POST', '/orders/regular', orderForm(order));
      return parsed(PlacedSchema, await readData(res), 'order reply').order_id;
    },

    /**
     * Places an order above the exchange's freeze quantity with `autoslice=true`: Kite splits it into
     * slices of at most that quantity (and refuses it at or below it). Not retried, like `placeOrder`.
     */
    async placeSlicedOrder(order: KiteOrderRequest): Promise<KiteSlicedReply> {
      const res = await once('POST', '/orders/regular', { ...orderForm(order), autoslice: 'true' });
      return parsed(SlicedSchema, await readData(res), 'autoslice reply');
    },

    /** Cancels what is still open of an order (the filled part stays filled); not retried. */
    async cancelOrder(orderId: string): Promise<string> {
      const res = await once('DELETE', `/orders/regular/${encodeURIComponent(orderId)}`);
      return parsed(PlacedSchema, await readData(res), 'cancel reply').order_id;
    },

    async orders(): Promise<KiteOrder[]> {
      return parsed(z.array(KiteOrderSchema), await json('GET', '/orders'), 'order book');
    },

    async orderHistory(orderId: string): Promise<KiteOrder[]> {
      return parsed(
        z.array(KiteOrderSchema),
        await json('GET', `/orders/${encodeURIComponent(orderId)}`),
        'order history',
      );
    },

    /** An order's trades: each fill at its own price, as the broker books them. */
    async orderTrades(orderId: string): Promise<KiteTrade[]> {
      const data = await json('GET', `/orders/${encodeURIComponent(orderId)}/trades`);
      return parsed(z.array(KiteTradeSchema), data, 'order trades');
    },

    /** The account's trades of the current day, every order's, each at its own price. */
    async dayTrades(): Promise<KiteDayTrade[]> {
      return parsed(z.array(KiteDayTradeSchema), await json('GET', '/trades'), 'trade book');
    },

    /** The account's net positions (every product), as the broker holds them now. */
    async positions(): Promise<KitePosition[]> {
      return parsed(PositionsSchema, await json('GET', '/portfolio/positions'), 'positions reply').net;
    },

    /** The account's funds and margins in one segment (`equity` holds NSE/NFO; `commodity` MCX). */
    async margins(segment: 'equity' | 'commodity'): Promise<KiteMarginSegment> {
      return parsed(MarginSegmentSchema, await json('GET', `/user/margins/${segment}`), 'margins reply');
    },

    /**
     * What a basket of orders would hold in margin (`POST /margins/basket`, JSON, kiteconnect's
     * `orderBasketMargins`): `initial` adds the orders' own margins, `final` nets them as one hedged basket and, with
     * `considerPositions` (Kite's default), against the account's positions too. Without it (a calculator login
     * pricing someone else's legs) the account's own positions are left out.
     */
    async basketMargins(orders: KiteMarginOrder[], considerPositions = false): Promise<KiteBasketMargins> {
      const data = await json('POST', `/margins/basket?consider_positions=${String(considerPositions)}`, {
        json: orders,
      });
      return parsed(BasketMarginsSchema, data, 'basket margins reply');
    },

    /** Whose account the access token is. */
    async profile(): Promise<KiteProfile> {
      return parsed(ProfileSchema, await json('GET', '/user/profile'), 'profile');
    },

    /** Exchanges a request token for an access token (the checksum proves we hold the app secret). */
    async generateSession(requestToken: string, apiSecret: string) {
      const data = await json('POST', '/session/token', {
        api_key: options.apiKey,
        request_token: requestToken,
        checksum: kiteSessionChecksum(options.apiKey, requestToken, apiSecret),
      });
      return parsed(SessionSchema, data, 'session');
    },
  };
}

export type KiteRest = ReturnType<typeof createKiteRest>;
