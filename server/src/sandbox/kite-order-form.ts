/**
 * Reads and checks Kite's order forms (`POST /orders/{variety}`, `PUT /orders/{variety}/{id}`; PROTOCOLS.md
 * §1) the way Kite does, returning the first problem as Kite's error reply. A MARKET order leaves here as
 * the LIMIT order Kite converts it to, priced at its protection bound from the current last price.
 */
import { toPaise } from '@app/contract';
import type { SandboxRequest, SandboxResponse } from './http-kit.js';
import type { OptionInstrument } from './instrument-universe.js';
import type { OrderChange, OrderRequest, SandboxOrder } from './kite-order-book.js';
import {
  effectivePercent,
  MARKET_PROTECTION_REQUIRED,
  parseMarketProtection,
  protectionBoundPaise,
} from './market-protection.js';
import { OPTION_TICK_PAISE } from './option-chain.js';
import { kiteFail, nowSecond, type SandboxContext } from './sandbox-context.js';

const PRODUCTS = ['CNC', 'NRML', 'MIS', 'MTF'];
/** Kite: at most 20 characters, not truncated; other than letters and digits are accepted (forum, 2026). */
const MAX_TAG_LENGTH = 20;

/** A checked placement: the order for the book plus what decides how it is sliced. */
export interface Placement {
  request: OrderRequest;
  instrument: OptionInstrument;
  isAutoslice: boolean;
}

const fail = (message: string): SandboxResponse => kiteFail('InputException', message);

/** The option an order names, if it can be traded now; otherwise the Kite error reply. */
function tradableOption(ctx: SandboxContext, exchange: string, symbol: string): OptionInstrument | SandboxResponse {
  const instrument = ctx.universe.at(ctx.clock.now()).byKey.get(`${exchange}:${symbol}`);
  if (!instrument) return fail('Invalid `tradingsymbol` or `exchange`.');
  if (instrument.kind === 'index') return fail(`${symbol} is an index and cannot be traded.`);
  if (instrument.contract.expiryMs <= ctx.clock.now()) return fail(`${symbol} has expired.`);
  return instrument;
}

function checkQuantity(raw: string | null, lot: number): number | SandboxResponse {
  const quantity = Number(raw);
  if (!Number.isInteger(quantity) || quantity <= 0) return fail('Invalid `quantity`.');
  if (quantity % lot !== 0) return fail(`Quantity should be a multiple of the lot size ${lot}.`);
  return quantity;
}

function checkLimitPrice(raw: string | null): number | SandboxResponse {
  const rupees = Number(raw);
  const pricePaise = Number.isFinite(rupees) ? toPaise(rupees) : Number.NaN;
  if (!(pricePaise > 0) || pricePaise % OPTION_TICK_PAISE !== 0) {
    return fail('Invalid `price`: it must be positive and a multiple of the tick size 0.05.');
  }
  return pricePaise;
}

/**
 * The price and protection fields of an order of `orderType`: a LIMIT keeps its price; a MARKET needs
 * protection (its own, or `fallback` — the protection a modified order already carries) and becomes a
 * LIMIT at the bound from the last price now.
 */
function priceFields(
  ctx: SandboxContext,
  f: URLSearchParams,
  orderType: 'MARKET' | 'LIMIT',
  instrument: OptionInstrument,
  side: 'BUY' | 'SELL',
  fallback: number | null = null,
): Required<Pick<OrderChange, 'pricePaise' | 'marketProtection' | 'protectionPercent'>> | SandboxResponse {
  const protection = parseMarketProtection(f.get('market_protection'));
  if (!protection.ok) return fail(protection.message);
  if (orderType === 'LIMIT') {
    const pricePaise = checkLimitPrice(f.get('price'));
    if (typeof pricePaise !== 'number') return pricePaise;
    return { pricePaise, marketProtection: null, protectionPercent: null };
  }
  const marketProtection = protection.value ?? fallback;
  if (marketProtection === null) return fail(MARKET_PROTECTION_REQUIRED);
  const percent = effectivePercent(marketProtection);
  const last = ctx.pricing.ltpPaise(instrument, nowSecond(ctx));
  return { pricePaise: protectionBoundPaise(side, last, percent), marketProtection, protectionPercent: percent };
}

function checkKinds(f: URLSearchParams): { side: 'BUY' | 'SELL'; orderType: 'MARKET' | 'LIMIT' } | SandboxResponse {
  const side = f.get('transaction_type');
  if (side !== 'BUY' && side !== 'SELL') return fail('Invalid `transaction_type`. Use BUY or SELL.');
  const orderType = f.get('order_type');
  if (orderType !== 'MARKET' && orderType !== 'LIMIT') {
    return fail('Invalid `order_type`. The sandbox takes MARKET and LIMIT orders.');
  }
  if (!PRODUCTS.includes(f.get('product') ?? '')) return fail('Invalid `product`.');
  return { side, orderType };
}

/** Validates a placement form; returns a Kite error reply for the first problem found. */
export function parsePlacement(ctx: SandboxContext, request: SandboxRequest): Placement | SandboxResponse {
  const f = request.form;
  if (request.params.variety !== 'regular') {
    return fail(`Order variety \`${request.params.variety}\` is not supported by the sandbox.`);
  }
  const instrument = tradableOption(ctx, f.get('exchange') ?? '', f.get('tradingsymbol') ?? '');
  if ('status' in instrument) return instrument;
  const kinds = checkKinds(f);
  if ('status' in kinds) return kinds;
  const quantity = checkQuantity(f.get('quantity'), instrument.contract.root.lotSize);
  if (typeof quantity !== 'number') return quantity;
  const tag = f.get('tag') ?? '';
  if (tag.length > MAX_TAG_LENGTH) return fail(`Tag length should be at most ${MAX_TAG_LENGTH} characters.`);
  const priced = priceFields(ctx, f, kinds.orderType, instrument, kinds.side);
  if ('status' in priced) return priced;
  return {
    instrument,
    isAutoslice: f.get('autoslice') === 'true',
    request: {
      variety: 'regular',
      exchange: instrument.exchange,
      tradingsymbol: instrument.tradingsymbol,
      instrumentToken: instrument.instrumentToken,
      transactionType: kinds.side,
      orderType: 'LIMIT',
      product: f.get('product') ?? '',
      validity: f.get('validity') || 'DAY',
      quantity,
      tag: tag || null,
      autosliceParentId: null,
      sourceIp: request.sourceIp,
      ...priced,
    },
  };
}

/**
 * Validates a modify form for `order`: `quantity`, `price` and `order_type` may change (a switch to
 * MARKET needs `market_protection` unless the order already has one, as at Kite).
 */
export function parseChange(
  ctx: SandboxContext,
  order: SandboxOrder,
  f: URLSearchParams,
): OrderChange | SandboxResponse {
  const instrument = ctx.universe.resolveToken(order.instrumentToken, ctx.clock.now());
  if (instrument?.kind !== 'option') return fail('Invalid `tradingsymbol` or `exchange`.');
  const change: OrderChange = {};
  if (f.get('quantity') !== null) {
    const quantity = checkQuantity(f.get('quantity'), instrument.contract.root.lotSize);
    if (typeof quantity !== 'number') return quantity;
    change.quantity = quantity;
  }
  const orderType = f.get('order_type');
  if (orderType !== null && orderType !== 'MARKET' && orderType !== 'LIMIT') {
    return fail('Invalid `order_type`. The sandbox takes MARKET and LIMIT orders.');
  }
  // A new price, or a switch to MARKET (repriced at its protection bound now); LIMIT alone changes nothing.
  if (orderType === 'MARKET' || f.get('price') !== null) {
    const type = orderType === 'MARKET' ? 'MARKET' : 'LIMIT';
    const priced = priceFields(ctx, f, type, instrument, order.transactionType, order.marketProtection);
    if ('status' in priced) return priced;
    Object.assign(change, priced);
  }
  return change;
}
