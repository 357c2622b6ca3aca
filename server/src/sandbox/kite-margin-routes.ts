/**
 * Kite's funds and margin calculators (PROTOCOLS.md §1; shapes from kiteconnect-mocks `margins.json`,
 * `order_margins.json`, `basket_margins.json`): `GET /user/margins[/{segment}]`, `POST /margins/orders` and
 * `POST /margins/basket` (JSON bodies, as kiteconnect sends them). The figures are the same the RMS checks
 * orders against (account-margins.ts, span-margin.ts); charges from order-charges.ts. Rupees at the wire.
 */
import { toPaise, toRupees } from '@app/contract';
import { z } from 'zod';
import { accountMargins, marginMarket, type AccountMargins, type OrderIntent } from './account-margins.js';
import type { Route, SandboxRequest, SandboxResponse } from './http-kit.js';
import type { KiteSession } from './kite-sessions.js';
import { optionOrderCharges, sumCharges, type OrderCharges } from './order-charges.js';
import { kiteFail, kiteOk, nowSecond, withKiteAuth, type SandboxContext } from './sandbox-context.js';
import { portfolioMargin, type MarginPosition } from './span-margin.js';
import { matchOpenOrders } from './kite-trade-routes.js';

const rupees = toRupees;

/** One order of a margin request, as kiteconnect's `MarginOrder`. */
const MarginOrderSchema = z.object({
  exchange: z.string(),
  tradingsymbol: z.string(),
  transaction_type: z.enum(['BUY', 'SELL']),
  quantity: z.coerce.number().int().positive(),
  price: z.coerce.number().nonnegative().optional(),
  order_type: z.string().optional(),
});

/** A margin figure in Kite's shape (`order_margins.json`). */
interface MarginLine {
  type: string;
  tradingsymbol: string;
  exchange: string;
  spanPaise: number;
  exposurePaise: number;
  premiumPaise: number;
  leverage: number;
  charges: OrderCharges | null;
}

function chargesJson(c: OrderCharges | null, taxType: string): object {
  const z0 = c ?? sumCharges([]);
  return {
    transaction_tax: rupees(z0.transactionTax),
    transaction_tax_type: c ? taxType : '',
    exchange_turnover_charge: rupees(z0.exchangeTurnoverCharge),
    sebi_turnover_charge: rupees(z0.sebiTurnoverCharge),
    brokerage: rupees(z0.brokerage),
    stamp_duty: rupees(z0.stampDuty),
    gst: { igst: rupees(z0.gst), cgst: 0, sgst: 0, total: rupees(z0.gst) },
    total: rupees(z0.total),
  };
}

function lineJson(line: MarginLine): object {
  return {
    type: line.type,
    tradingsymbol: line.tradingsymbol,
    exchange: line.exchange,
    span: rupees(line.spanPaise),
    exposure: rupees(line.exposurePaise),
    option_premium: rupees(line.premiumPaise),
    additional: 0,
    bo: 0,
    cash: 0,
    var: 0,
    pnl: { realised: 0, unrealised: 0 },
    leverage: line.leverage,
    charges: chargesJson(line.charges, 'stt'),
    total: rupees(line.spanPaise + line.exposurePaise + line.premiumPaise),
  };
}

/** `GET /user/margins` segment, in `margins.json`'s shape. The sandbox has no commodity segment. */
function segmentJson(m: AccountMargins | null): object {
  const cash = m ? rupees(m.cashPaise) : 0;
  const net = m ? rupees(m.netPaise) : 0;
  return {
    enabled: m !== null,
    net,
    available: { adhoc_margin: 0, cash, opening_balance: cash, live_balance: net, collateral: 0, intraday_payin: 0 },
    utilised: {
      debits: m ? rupees(m.debitsPaise) : 0,
      exposure: m ? rupees(m.exposurePaise) : 0,
      m2m_realised: 0,
      m2m_unrealised: 0,
      option_premium: m ? rupees(m.optionPremiumPaise) : 0,
      payout: 0,
      span: m ? rupees(m.spanPaise) : 0,
      holding_sales: 0,
      turnover: 0,
      liquid_collateral: 0,
      stock_collateral: 0,
      delivery: 0,
    },
  };
}

function margins(ctx: SandboxContext, request: SandboxRequest, session: KiteSession): SandboxResponse {
  const account = accountMargins(ctx, session.userId);
  const segment = request.params.segment;
  if (segment === undefined) return kiteOk({ equity: segmentJson(account), commodity: segmentJson(null) });
  if (segment === 'equity') return kiteOk(segmentJson(account));
  if (segment === 'commodity') return kiteOk(segmentJson(null));
  return kiteFail('InputException', `Invalid segment \`${segment}\`. Use equity or commodity.`);
}

/** The orders of a margin request as intents priced now (a MARKET order or price 0: the last price). */
function parseOrders(ctx: SandboxContext, request: SandboxRequest): OrderIntent[] | SandboxResponse {
  let raw: unknown;
  try {
    raw = JSON.parse(request.body || 'null');
  } catch {
    return kiteFail('InputException', 'Invalid JSON: send the orders as a JSON array.');
  }
  const parsed = z.array(MarginOrderSchema).min(1).safeParse(raw);
  if (!parsed.success)
    return kiteFail(
      'InputException',
      'Invalid orders: each needs exchange, tradingsymbol, transaction_type and quantity.',
    );
  const listed = ctx.universe.at(ctx.clock.now()).byKey;
  const intents: OrderIntent[] = [];
  for (const o of parsed.data) {
    const instrument = listed.get(`${o.exchange}:${o.tradingsymbol}`);
    if (instrument?.kind !== 'option') return kiteFail('InputException', 'Invalid `tradingsymbol` or `exchange`.');
    const priced = o.order_type !== 'MARKET' && o.price ? toPaise(o.price) : 0;
    const pricePaise = priced || ctx.pricing.ltpPaise(instrument, nowSecond(ctx));
    intents.push({ contract: instrument.contract, side: o.transaction_type, quantity: o.quantity, pricePaise });
  }
  return intents;
}

/** An order's own margin, as if it were the account's only position (`POST /margins/orders`). */
function orderLine(ctx: SandboxContext, o: OrderIntent): MarginLine {
  const sold =
    o.side === 'SELL' ? portfolioMargin([{ contract: o.contract, quantity: -o.quantity }], marginMarket(ctx)) : null;
  return {
    type: 'equity',
    tradingsymbol: o.contract.tradingsymbol,
    exchange: 'NFO',
    spanPaise: sold?.spanPaise ?? 0,
    exposurePaise: sold?.exposurePaise ?? 0,
    premiumPaise: o.side === 'BUY' ? o.quantity * o.pricePaise : 0,
    leverage: 1,
    charges: optionOrderCharges(o.side, o.quantity, o.pricePaise),
  };
}

function orderMargins(ctx: SandboxContext, request: SandboxRequest): SandboxResponse {
  const intents = parseOrders(ctx, request);
  if (!Array.isArray(intents)) return intents;
  return kiteOk(intents.map((o) => lineJson(orderLine(ctx, o))));
}

/** The sum of several margins, as a basket's `initial` (no type, symbol or leverage, charges apart). */
const sumLines = (lines: readonly MarginLine[]): MarginLine => ({
  type: '',
  tradingsymbol: '',
  exchange: '',
  spanPaise: lines.reduce((s, l) => s + l.spanPaise, 0),
  exposurePaise: lines.reduce((s, l) => s + l.exposurePaise, 0),
  premiumPaise: lines.reduce((s, l) => s + l.premiumPaise, 0),
  leverage: 0,
  charges: null,
});

/**
 * `POST /margins/basket`: `initial` adds the orders' own margins; `final` is what the basket adds to the
 * account's positions (with `consider_positions`, Kite's default) when its orders offset each other and
 * them, premium received netted against premium paid (as `basket_margins.json`'s negative premium shows).
 */
function basketMargins(ctx: SandboxContext, request: SandboxRequest, session: KiteSession): SandboxResponse {
  const intents = parseOrders(ctx, request);
  if (!Array.isArray(intents)) return intents;
  const lines = intents.map((o) => orderLine(ctx, o));
  const market = marginMarket(ctx);
  const held: MarginPosition[] = [];
  if (request.query.get('consider_positions') !== 'false') {
    for (const leg of ctx.orders.positions(session.userId)) {
      const instrument = ctx.universe.resolveToken(leg.instrumentToken, ctx.clock.now());
      const quantity = leg.buyQuantity - leg.sellQuantity;
      if (instrument?.kind === 'option' && quantity !== 0) held.push({ contract: instrument.contract, quantity });
    }
  }
  const basket = intents.map((o) => ({ contract: o.contract, quantity: o.side === 'BUY' ? o.quantity : -o.quantity }));
  const before = portfolioMargin(held, market);
  const after = portfolioMargin([...held, ...basket], market);
  const final: MarginLine = {
    ...sumLines([]),
    spanPaise: after.spanPaise - before.spanPaise,
    exposurePaise: after.exposurePaise - before.exposurePaise,
    premiumPaise: intents.reduce((s, o) => s + (o.side === 'BUY' ? 1 : -1) * o.quantity * o.pricePaise, 0),
  };
  const charges = sumCharges(lines.flatMap((l) => (l.charges ? [l.charges] : [])));
  return kiteOk({
    initial: lineJson(sumLines(lines)),
    final: lineJson(final),
    orders: lines.map(lineJson),
    charges: chargesJson(charges, ''),
  });
}

/** `POST /charges/orders` (kiteconnect's `getvirtualContractNote`): each executed order's charges, `virtual_contract_note.json`. */
function contractNote(ctx: SandboxContext, request: SandboxRequest): SandboxResponse {
  let raw: unknown;
  try {
    raw = JSON.parse(request.body || 'null');
  } catch {
    return kiteFail('InputException', 'Invalid JSON: send the orders as a JSON array.');
  }
  const parsed = z
    .array(
      MarginOrderSchema.extend({
        average_price: z.coerce.number().nonnegative(),
        variety: z.string().optional(),
        product: z.string().optional(),
      }),
    )
    .min(1)
    .safeParse(raw);
  if (!parsed.success)
    return kiteFail(
      'InputException',
      'Invalid orders: each needs exchange, tradingsymbol, transaction_type, quantity and average_price.',
    );
  return kiteOk(
    parsed.data.map((o) => ({
      transaction_type: o.transaction_type,
      tradingsymbol: o.tradingsymbol,
      exchange: o.exchange,
      variety: o.variety ?? 'regular',
      product: o.product ?? 'NRML',
      order_type: o.order_type ?? 'LIMIT',
      quantity: o.quantity,
      price: o.average_price,
      charges: chargesJson(optionOrderCharges(o.transaction_type, o.quantity, toPaise(o.average_price)), 'stt'),
    })),
  );
}

/** Routes under the Kite REST root for funds and margins. */
export function kiteMarginRoutes(ctx: SandboxContext): Route[] {
  const auth = (h: (r: SandboxRequest, s: KiteSession) => SandboxResponse) =>
    withKiteAuth(ctx, (r, s) => {
      matchOpenOrders(ctx);
      return h(r, s);
    });
  return [
    { method: 'GET', pattern: '/user/margins', handler: auth((r, s) => margins(ctx, r, s)) },
    { method: 'GET', pattern: '/user/margins/:segment', handler: auth((r, s) => margins(ctx, r, s)) },
    { method: 'POST', pattern: '/margins/orders', handler: auth((r) => orderMargins(ctx, r)) },
    { method: 'POST', pattern: '/margins/basket', handler: auth((r, s) => basketMargins(ctx, r, s)) },
    { method: 'POST', pattern: '/charges/orders', handler: auth((r) => contractNote(ctx, r)) },
  ];
}
