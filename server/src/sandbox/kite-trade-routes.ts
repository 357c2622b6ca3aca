/**
 * Kite session, order and portfolio endpoints.
 */
import type { Route, SandboxRequest, SandboxResponse } from './http-kit.js';
import type { OptionInstrument } from './instrument-universe.js';
import type { OrderRequest } from './kite-order-book.js';
import { orderHistoryJson, orderJson, positionsJson, sessionJson } from './kite-presenters.js';
import type { KiteSession } from './kite-sessions.js';
import { OPTION_TICK_PAISE } from './option-chain.js';
import { kiteFail, kiteOk, nowSecond, withKiteAuth, type SandboxContext } from './sandbox-context.js';

const PRODUCTS = ['CNC', 'NRML', 'MIS', 'MTF'];
const MAX_TAG_LENGTH = 20;

function exchangeToken(ctx: SandboxContext, request: SandboxRequest): SandboxResponse {
  const f = request.form;
  const result = ctx.sessions.exchange(
    f.get('api_key') ?? '',
    f.get('request_token') ?? '',
    f.get('checksum') ?? '',
    ctx.authClock.now(),
  );
  return 'ok' in result ? kiteFail(result.type, result.message) : kiteOk(sessionJson(result));
}

function logout(ctx: SandboxContext, request: SandboxRequest): SandboxResponse {
  const isRevoked = ctx.sessions.revoke(request.query.get('api_key') ?? '', request.query.get('access_token') ?? '');
  return isRevoked ? kiteOk(true) : kiteFail('TokenException', 'Incorrect `api_key` or `access_token`.');
}

/** The option an order names, if it can be traded now; otherwise the Kite error reply. */
function tradableOption(
  ctx: SandboxContext,
  exchange: string,
  tradingsymbol: string,
): OptionInstrument | SandboxResponse {
  const instrument = ctx.universe.at(ctx.clock.now()).byKey.get(`${exchange}:${tradingsymbol}`);
  if (!instrument) return kiteFail('InputException', 'Invalid `tradingsymbol` or `exchange`.');
  if (instrument.kind === 'index')
    return kiteFail('InputException', `${tradingsymbol} is an index and cannot be traded.`);
  if (instrument.contract.expiryMs <= ctx.clock.now())
    return kiteFail('InputException', `${tradingsymbol} has expired.`);
  return instrument;
}

/** Checks quantity (whole lots), price (LIMIT only, on the tick) and tag; returns an error reply or null. */
function checkAmounts(f: URLSearchParams, lot: number, isLimit: boolean): SandboxResponse | null {
  const quantity = Number(f.get('quantity'));
  if (!Number.isInteger(quantity) || quantity <= 0) return kiteFail('InputException', 'Invalid `quantity`.');
  if (quantity % lot !== 0) return kiteFail('InputException', `Quantity should be a multiple of the lot size ${lot}.`);
  const pricePaise = Math.round(Number(f.get('price')) * 100);
  if (isLimit && (!(pricePaise > 0) || pricePaise % OPTION_TICK_PAISE !== 0)) {
    return kiteFail('InputException', 'Invalid `price`: it must be positive and a multiple of the tick size 0.05.');
  }
  const tag = f.get('tag') ?? '';
  if (tag.length > MAX_TAG_LENGTH) {
    return kiteFail('InputException', `Tag length should be at most ${MAX_TAG_LENGTH} characters.`);
  }
  return null;
}

/** Validates the order form (PROTOCOLS.md §1); returns a Kite error reply for the first problem found. */
function parseOrder(ctx: SandboxContext, request: SandboxRequest): OrderRequest | SandboxResponse {
  const f = request.form;
  if (request.params.variety !== 'regular') {
    return kiteFail('InputException', `Order variety \`${request.params.variety}\` is not supported by the sandbox.`);
  }
  const exchange = f.get('exchange') ?? '';
  const tradingsymbol = f.get('tradingsymbol') ?? '';
  const instrument = tradableOption(ctx, exchange, tradingsymbol);
  if ('status' in instrument) return instrument;
  const transactionType = f.get('transaction_type');
  if (transactionType !== 'BUY' && transactionType !== 'SELL') {
    return kiteFail('InputException', 'Invalid `transaction_type`. Use BUY or SELL.');
  }
  const orderType = f.get('order_type');
  if (orderType !== 'MARKET' && orderType !== 'LIMIT') {
    return kiteFail('InputException', 'Invalid `order_type`. The sandbox takes MARKET and LIMIT orders.');
  }
  const product = f.get('product') ?? '';
  if (!PRODUCTS.includes(product)) return kiteFail('InputException', 'Invalid `product`.');
  const problem = checkAmounts(f, instrument.contract.root.lotSize, orderType === 'LIMIT');
  if (problem) return problem;
  return {
    variety: 'regular',
    exchange,
    tradingsymbol,
    instrumentToken: instrument.instrumentToken,
    transactionType,
    orderType,
    product,
    validity: f.get('validity') || 'DAY',
    quantity: Number(f.get('quantity')),
    pricePaise: orderType === 'LIMIT' ? Math.round(Number(f.get('price')) * 100) : 0,
    tag: f.get('tag') || null,
  };
}

function placeOrder(ctx: SandboxContext, request: SandboxRequest, session: KiteSession): SandboxResponse {
  const order = parseOrder(ctx, request);
  if ('status' in order) return order;
  const instrument = ctx.universe.resolveToken(order.instrumentToken, ctx.clock.now());
  if (!instrument) return kiteFail('InputException', 'Invalid `tradingsymbol` or `exchange`.');
  const last = ctx.pricing.ltpPaise(instrument, nowSecond(ctx));
  const placed = ctx.orders.place(session.userId, order, last, ctx.clock.now());
  if (!placed.ok) return kiteFail(placed.type, placed.message);
  if (!placed.isReplay) ctx.notifyOrder(placed.order);
  return kiteOk({ order_id: placed.order.orderId });
}

function cancelOrder(ctx: SandboxContext, request: SandboxRequest, session: KiteSession): SandboxResponse {
  const result = ctx.orders.cancel(session.userId, request.params.orderId ?? '', ctx.clock.now());
  if (!result.ok) return kiteFail(result.type, result.message);
  ctx.notifyOrder(result.order);
  return kiteOk({ order_id: result.order.orderId });
}

/** The last price of an instrument token now (null when it cannot be resolved). */
export function lastPriceOf(ctx: SandboxContext): (token: number) => number | null {
  const second = nowSecond(ctx);
  return (token) => {
    const instrument = ctx.universe.resolveToken(token, ctx.clock.now());
    return instrument ? ctx.pricing.ltpPaise(instrument, second) : null;
  };
}

/** Fills resting LIMIT orders the price has reached, and tells their owners. */
export function matchOpenOrders(ctx: SandboxContext): void {
  for (const order of ctx.orders.matchOpen(lastPriceOf(ctx), ctx.clock.now())) ctx.notifyOrder(order);
}

function profile(session: KiteSession): SandboxResponse {
  const { user_id, user_name, user_shortname, email, user_type, broker, exchanges, products, order_types } =
    sessionJson(session) as Record<string, unknown>;
  return kiteOk({
    user_id,
    user_name,
    user_shortname,
    email,
    user_type,
    broker,
    exchanges,
    products,
    order_types,
    avatar_url: null,
    meta: { demat_consent: 'physical' },
  });
}

/** Routes under the Kite REST root for sessions, orders and positions. */
export function kiteTradeRoutes(ctx: SandboxContext): Route[] {
  const auth = (h: (r: SandboxRequest, s: KiteSession) => SandboxResponse) => withKiteAuth(ctx, h);
  const withMatching = (h: (r: SandboxRequest, s: KiteSession) => SandboxResponse) =>
    auth((r, s) => {
      matchOpenOrders(ctx);
      return h(r, s);
    });
  return [
    { method: 'POST', pattern: '/session/token', handler: (r) => exchangeToken(ctx, r) },
    { method: 'DELETE', pattern: '/session/token', handler: (r) => logout(ctx, r) },
    { method: 'GET', pattern: '/user/profile', handler: auth((_r, s) => profile(s)) },
    { method: 'POST', pattern: '/orders/:variety', handler: auth((r, s) => placeOrder(ctx, r, s)) },
    { method: 'DELETE', pattern: '/orders/:variety/:orderId', handler: auth((r, s) => cancelOrder(ctx, r, s)) },
    {
      method: 'GET',
      pattern: '/orders',
      handler: withMatching((_r, s) => kiteOk(ctx.orders.list(s.userId).map((o) => orderJson(o)))),
    },
    {
      method: 'GET',
      pattern: '/orders/:orderId',
      handler: withMatching((r, s) => {
        const order = ctx.orders.get(s.userId, r.params.orderId ?? '');
        return order ? kiteOk(orderHistoryJson(order)) : kiteFail('InputException', "Couldn't find that `order_id`.");
      }),
    },
    {
      method: 'GET',
      pattern: '/portfolio/positions',
      handler: withMatching((_r, s) => {
        const last = lastPriceOf(ctx);
        return kiteOk(positionsJson(ctx.orders.list(s.userId), (token) => last(token) ?? 0));
      }),
    },
  ];
}
