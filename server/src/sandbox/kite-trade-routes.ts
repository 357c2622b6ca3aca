/**
 * Kite session, order and portfolio endpoints.
 */
import { marginCheck } from './account-margins.js';
import { settleExpired } from './expiry-settlement.js';
import type { OptionContract } from './option-chain.js';
import { planSlices } from './freeze-limits.js';
import { marketClosedReason } from './market-hours.js';
import type { Route, SandboxRequest, SandboxResponse } from './http-kit.js';
import type { OrderRequest, SandboxOrder } from './kite-order-book.js';
import { parseChange, parsePlacement } from './kite-order-form.js';
import { orderHistoryJson, orderJson, positionsJson, sessionJson, tradeJson } from './kite-presenters.js';
import type { KiteSession } from './kite-sessions.js';
import { kiteFail, kiteOk, nowSecond, withKiteAuth, type SandboxContext } from './sandbox-context.js';

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

/**
 * Places one order and tells its owner. It is REJECTED, as Kite's RMS rejects, when a `reject_orders` fault
 * is queued or the account's funds cannot carry its margin (account-margins.ts).
 */
function placeOne(
  ctx: SandboxContext,
  userId: string,
  request: OrderRequest,
  contract: OptionContract,
  nowMs: number,
): SandboxOrder {
  const intent = {
    contract,
    side: request.transactionType,
    quantity: request.quantity,
    pricePaise: request.pricePaise,
  };
  const rejection = ctx.rejections.take() ?? marginCheck(ctx, userId, intent);
  const order = ctx.orders.place(userId, request, nowMs, rejection);
  ctx.notifyOrder(order, 'placed');
  return order;
}

/**
 * `POST /orders/regular`. Above the contract's freeze quantity the order is refused, or with
 * `autoslice=true` placed as child slices: the reply carries a parent id and the children's ids, like
 * kiteconnect-mocks `autoslice_response.json` (the parent names no order itself).
 */
function placeOrder(ctx: SandboxContext, request: SandboxRequest, session: KiteSession): SandboxResponse {
  const placement = parsePlacement(ctx, request);
  if ('status' in placement) return placement;
  const { request: order, instrument, isAutoslice } = placement;
  const { root, lotSize } = instrument.contract.root;
  const closed = marketClosedReason(instrument.contract.root, ctx.clock.now());
  if (closed !== null) return kiteFail('InputException', closed);
  const plan = planSlices(root, lotSize, order.quantity, isAutoslice);
  if (!plan.ok) return kiteFail('InputException', plan.message);
  // Orders already resting trade on the steps before this one first, so who fills first never depends
  // on when the sandbox last looked.
  matchOpenOrders(ctx);
  const nowMs = ctx.clock.now();
  const { contract } = instrument;
  if (!isAutoslice) return kiteOk({ order_id: placeOne(ctx, session.userId, order, contract, nowMs).orderId });
  const parentId = ctx.orders.reserveId(nowMs);
  const children = plan.sizes.map((quantity) => ({
    order_id: placeOne(ctx, session.userId, { ...order, quantity, autosliceParentId: parentId }, contract, nowMs)
      .orderId,
  }));
  return kiteOk({ order_id: parentId, children });
}

/** `PUT /orders/regular/{order_id}`: quantity, price or order type of an OPEN order. */
function modifyOrder(ctx: SandboxContext, request: SandboxRequest, session: KiteSession): SandboxResponse {
  if (request.params.variety !== 'regular') {
    return kiteFail('InputException', `Order variety \`${request.params.variety}\` is not supported by the sandbox.`);
  }
  matchOpenOrders(ctx);
  const order = ctx.orders.get(session.userId, request.params.orderId ?? '', ctx.clock.now());
  if (!order) return kiteFail('InputException', "Couldn't find that `order_id`.");
  const change = parseChange(ctx, order, request.form);
  if ('status' in change) return change;
  const before = { filledQuantity: order.filledQuantity, filledValuePaise: order.filledValuePaise };
  const result = ctx.orders.modify(session.userId, order.orderId, change, ctx.clock.now());
  if (!result.ok) return kiteFail(result.type, result.message);
  ctx.notifyOrder(result.order, 'modified', before);
  return kiteOk({ order_id: result.order.orderId });
}

/** `DELETE /orders/regular/{order_id}`: cancels what is left; what filled stays filled. */
function cancelOrder(ctx: SandboxContext, request: SandboxRequest, session: KiteSession): SandboxResponse {
  matchOpenOrders(ctx);
  const result = ctx.orders.cancel(session.userId, request.params.orderId ?? '', ctx.clock.now());
  if (!result.ok) return kiteFail(result.type, result.message);
  ctx.notifyOrder(result.order, 'cancelled');
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

/**
 * Brings the book up to the clock: resting orders trade on the price steps passed since they last did,
 * an earlier day's are cancelled, expired options settle; owners are told of every change.
 */
export function matchOpenOrders(ctx: SandboxContext): void {
  for (const order of ctx.orders.matchOpen(ctx.clock.now())) ctx.notifyOrder(order, 'filled');
  for (const order of ctx.orders.expireEarlierDays(ctx.clock.now())) ctx.notifyOrder(order, 'cancelled');
  for (const order of settleExpired(ctx)) ctx.notifyOrder(order, 'cancelled');
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
    { method: 'PUT', pattern: '/orders/:variety/:orderId', handler: auth((r, s) => modifyOrder(ctx, r, s)) },
    { method: 'DELETE', pattern: '/orders/:variety/:orderId', handler: auth((r, s) => cancelOrder(ctx, r, s)) },
    {
      method: 'GET',
      pattern: '/orders',
      handler: withMatching((_r, s) => kiteOk(ctx.orders.list(s.userId, ctx.clock.now()).map((o) => orderJson(o)))),
    },
    {
      method: 'GET',
      pattern: '/orders/:orderId',
      handler: withMatching((r, s) => {
        const order = ctx.orders.get(s.userId, r.params.orderId ?? '', ctx.clock.now());
        if (!order) return kiteFail('InputException', "Couldn't find that `order_id`.");
        ctx.historyReads.set(order.orderId, (ctx.historyReads.get(order.orderId) ?? 0) + 1);
        return kiteOk(orderHistoryJson(order));
      }),
    },
    {
      method: 'GET',
      pattern: '/orders/:orderId/trades',
      handler: withMatching((r, s) => {
        const order = ctx.orders.get(s.userId, r.params.orderId ?? '', ctx.clock.now());
        if (!order) return kiteFail('InputException', "Couldn't find that `order_id`.");
        return kiteOk(ctx.orders.tradesOf(s.userId, ctx.clock.now(), order.orderId).map(tradeJson));
      }),
    },
    {
      method: 'GET',
      pattern: '/trades',
      handler: withMatching((_r, s) => kiteOk(ctx.orders.tradesOf(s.userId, ctx.clock.now()).map(tradeJson))),
    },
    // An F&O account holds no delivery shares: Kite answers an empty list (kiteconnect-mocks `holdings.json`
    // shape for the rows it would hold).
    { method: 'GET', pattern: '/portfolio/holdings', handler: auth(() => kiteOk([])) },
    {
      method: 'GET',
      pattern: '/portfolio/positions',
      handler: withMatching((_r, s) => {
        const last = lastPriceOf(ctx);
        return kiteOk(positionsJson(ctx.orders.positions(s.userId), (token) => last(token) ?? 0));
      }),
    },
  ];
}
