import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from '../../../../platform/clock.js';
import { AppError } from '../../../../platform/errors.js';
import type { RetryOptions } from '../../../../platform/outbound.js';
import { KiteApiError, nextKiteTokenExpiry, parseKiteDateTime } from '../../../../protocols/kite-rest.js';
import type {
  Broker,
  BrokerAccount,
  BrokerApp,
  BrokerDayTrade,
  BrokerOrder,
  BrokerOrderParams,
  BrokerRules,
  BrokerSession,
  MarginOrder,
} from '../../broker-port.js';
import { BrokerRejected, BrokerUnknownOutcome } from '../../broker-port.js';
import { createAccountKiteRest } from './account-kite-rest.js';
import { KITE_BROKERAGE } from './kite-charges.js';
import { inPortWords, KITE_LABEL } from './kite-errors.js';
import { KITE_OPTIONS_SEGMENT, portMargins, portProfile } from './kite-funds.js';
import { loginForRequestToken } from './kite-login.js';
import { createOrderUpdates } from './kite-order-updates.js';
import {
  createKiteRest,
  type KiteDayTrade,
  type KiteOrder,
  type KiteMarginOrder,
  type KiteOrderRequest,
  marginHeldPaise,
} from '../../../../protocols/kite-rest-client.js';

/** Where the Kite adapter connects (the market config's `kite`: real Kite or the sandbox). */
export interface KiteBrokerConfig {
  apiRoot: string;
  loginRoot: string;
  wsRoot: string;
  /** The console's app key: accounts without an app of their own go out as it. */
  apiKey: string;
  /** The console's app secret: logins through the console's app sign their session request with it. */
  apiSecret: string;
}

/**
 * Kite's rules: orders as NRML (carried overnight on margin); tags at most 20 alphanumeric characters,
 * labels only (Kite allows duplicates; ours are random); 10 order requests a second and 200 a minute per
 * account (Kite Connect docs; docs/SANDBOX.md enforces the same); access tokens end at 06:00 IST; Zerodha's
 * brokerage (kite-charges.ts).
 */
export const KITE_RULES: BrokerRules = {
  product: 'NRML',
  newOrderTag: () => `rdx${randomBytes(8).toString('hex')}`,
  orderLimits: { perSecond: 10, perMinute: 200 },
  tokenExpiresAt: nextKiteTokenExpiry,
  // Kite's tokens end at 06:00 IST the next morning (Kite Connect docs, "Session expiry").
  tokenEndWords: 'at 06:00 IST',
  brokerage: KITE_BROKERAGE,
  // Kite computes −1's band "as per market protection guidelines" and publishes no table for API orders; the
  // one figure reported for options is about 3 % (tradingqna 193460, 2026). Not official: docs/SANDBOX.md.
  autoProtectionPercent: 3,
};

/**
 * Any refusal of the person's credentials, in one sentence: which of the password and the App Code Kite
 * refused is not said, so the form cannot be used to learn a Kite account's password apart from its code.
 */
export const KITE_LOGIN_REFUSED = 'Kite refused the login: wrong broker user ID or password, or an expired App Code';

const unreachable = () =>
  new BrokerUnknownOutcome('Kite login is unreachable; try again shortly', { broker: KITE_LABEL });

/** A refusal while the person's user ID, password and App Code were checked: one answer for all of them. */
function credentialsFailure(err: unknown): unknown {
  if (err instanceof KiteApiError && err.errorType !== 'NetworkException') {
    return new BrokerRejected(KITE_LOGIN_REFUSED, { broker: KITE_LABEL, code: err.errorType, cause: err });
  }
  return err instanceof AppError ? err : unreachable();
}

/** A refusal of the session request (the app's key or secret), backticked wire names in plain words. */
function sessionFailure(err: unknown): unknown {
  if (err instanceof KiteApiError) {
    const message = `Kite refused the login: ${err.message.replace(/`([^`]*)`/g, '$1')}`;
    return new BrokerRejected(message, { broker: KITE_LABEL, code: err.errorType, cause: err });
  }
  return err instanceof AppError ? err : unreachable();
}

/** An order as Kite's form: the product and order type are Kite's rules, not the engine's. */
function kiteOrder(order: BrokerOrderParams): KiteOrderRequest {
  return {
    exchange: order.exchange,
    tradingsymbol: order.tradingSymbol,
    transaction_type: order.side,
    quantity: order.quantity,
    product: 'NRML',
    order_type: 'MARKET',
    // Kite requires protection on API market orders since 1 April 2026; the instrument says how much.
    ...(order.marketProtection === undefined ? {} : { market_protection: order.marketProtection }),
    tag: order.tag,
  };
}

/** A basket order as Kite's margin calculator takes it: NRML at the market, as our orders go. */
function kiteMarginOrder(order: MarginOrder): KiteMarginOrder {
  return {
    exchange: order.exchange,
    tradingsymbol: order.tradingSymbol,
    transaction_type: order.side,
    variety: 'regular',
    product: 'NRML',
    order_type: 'MARKET',
    quantity: order.quantity,
    price: 0,
  };
}

/** Kite's order with its exchange time (IST on the wire) as epoch ms. */
function portOrder(o: KiteOrder): BrokerOrder {
  const { exchange_timestamp: stamp, ...rest } = o;
  return { ...rest, exchangeAt: stamp ? parseKiteDateTime(stamp) : null };
}

function portDayTrade(t: KiteDayTrade): BrokerDayTrade {
  const stamp = t.fill_timestamp ?? t.exchange_timestamp ?? null;
  return {
    trade_id: t.trade_id,
    order_id: t.order_id,
    exchange: t.exchange,
    tradingsymbol: t.tradingsymbol,
    transaction_type: t.transaction_type,
    quantity: t.quantity,
    average_price: t.average_price,
    filledAt: stamp === null ? null : parseKiteDateTime(stamp),
  };
}

/** The Kite adapter: Kite Connect REST for accounts and logins, the Kite ticker for order updates. */
export function createKiteBroker(deps: {
  kite: KiteBrokerConfig;
  logger: FastifyBaseLogger;
  /** Retries of the session request (tests make them quick). */
  retry?: RetryOptions | undefined;
  /** Stamps when Kite answered a margins read (the registry passes the console's clock). */
  clock?: Clock | undefined;
}): Broker {
  const clock = deps.clock ?? systemClock;
  // Live accounts' order updates pushed on the Kite ticker while their orders are awaited.
  const orderUpdates = createOrderUpdates({ wsRoot: deps.kite.wsRoot, logger: deps.logger });

  return {
    kind: 'kite',
    label: KITE_LABEL,
    rules: KITE_RULES,

    account({ userBrokerId, credentials, tokenRefused, route }): BrokerAccount {
      const rest = createAccountKiteRest({
        kite: deps.kite,
        userBrokerId,
        credentials,
        tokenRefused,
        route,
        logger: deps.logger,
      });
      return {
        label: KITE_LABEL,
        placeOrder: (order) => inPortWords('send', () => rest.placeOrder(kiteOrder(order))),
        placeSlicedOrder: (order) => inPortWords('send', () => rest.placeSlicedOrder(kiteOrder(order))),
        cancelOrder: (orderId) => inPortWords('send', () => rest.cancelOrder(orderId)),
        orders: () => inPortWords('read', async () => (await rest.orders()).map(portOrder)),
        orderHistory: (orderId) =>
          inPortWords('history', async () => (await rest.orderHistory(orderId)).map(portOrder)),
        orderTrades: (orderId) => inPortWords('read', () => rest.orderTrades(orderId)),
        dayTrades: () => inPortWords('read', async () => (await rest.dayTrades()).map(portDayTrade)),
        positions: () => inPortWords('read', () => rest.positions()),
        margins: () =>
          inPortWords('read', async () => portMargins(await rest.margins(KITE_OPTIONS_SEGMENT), clock.now())),
        profile: () => inPortWords('read', async () => portProfile(await rest.profile())),
        basketMargin: (orders) =>
          inPortWords('read', async () => {
            const { initial, final } = await rest.basketMargins(orders.map(kiteMarginOrder), true);
            return { requiredPaise: marginHeldPaise(initial), finalPaise: marginHeldPaise(final) };
          }),
        watchOrders() {
          // The ticker logs in as the REST calls do: the same app and access token.
          const { apiKey, accessToken } = rest.credentials();
          return accessToken ? orderUpdates.watch({ apiKey, accessToken }) : undefined;
        },
      };
    },

    async login(own: BrokerApp | null, person): Promise<BrokerSession> {
      const app = own ?? { apiKey: deps.kite.apiKey, apiSecret: deps.kite.apiSecret };
      const requestToken = await loginForRequestToken(
        { loginRoot: deps.kite.loginRoot, apiKey: app.apiKey },
        { userId: person.userId, password: person.password, totp: person.totp },
      ).catch((err: unknown) => {
        throw credentialsFailure(err);
      });
      const rest = createKiteRest({ apiRoot: deps.kite.apiRoot, apiKey: app.apiKey, retry: deps.retry ?? {} });
      return rest.generateSession(requestToken, app.apiSecret).catch((err: unknown) => {
        throw sessionFailure(err);
      });
    },

    close: () => orderUpdates.close(),
  };
}
