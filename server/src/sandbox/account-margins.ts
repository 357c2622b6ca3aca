/**
 * A sandbox account's funds and the margin its positions and orders use, as Kite's `GET /user/margins`
 * reports them and its RMS checks an order against them (sources in docs/SANDBOX.md, "Margins"). Paise.
 *
 * - Cash: every account opens with the sandbox's starting cash (`fundsPaise`); nothing is paid in or out.
 * - SPAN and exposure (span-margin.ts) of the open positions plus what the open orders would add: every
 *   pending SELL counts as filled, a pending BUY only as far as it buys back a short (a BUY that could
 *   hedge but has not filled gives no benefit, the stricter reading of Kite's "margin calculation considers
 *   open positions and open orders").
 * - Option premium: premium paid minus premium received over the account's trades and settlements, with
 *   each open short marked at what buying it back costs now, plus the premium pending BUY orders will pay.
 *   A short just sold therefore nets to nothing, a long costs its premium, a short the market moved against
 *   costs its loss at once, and a closed position leaves its result. A net credit (premium kept, profits)
 *   lowers the premium debit to zero but never adds to cash: the sandbox's reading, never kinder.
 * - Available (`net`): cash − SPAN − exposure − premium debit. An order whose margin (what it adds to
 *   that, at its limit price) exceeds it is placed and REJECTED with Kite's words.
 */
import { toRupees } from '@app/contract';
import type { OptionInstrument } from './instrument-universe.js';
import { istDateString, type OptionContract } from './option-chain.js';
import type { Leg, SandboxOrder } from './kite-order-book.js';
import { portfolioMargin, type MarginFigures, type MarginMarket, type MarginPosition } from './span-margin.js';
import { nowSecond, type SandboxContext } from './sandbox-context.js';

/** An account's figures, paise. */
export interface AccountMargins {
  cashPaise: number;
  spanPaise: number;
  exposurePaise: number;
  /** Net premium paid (negative: received), open shorts marked to market, pending BUYs' premium. */
  optionPremiumPaise: number;
  /** SPAN + exposure + the premium debit (a net premium credit counts as 0). */
  debitsPaise: number;
  /** cash − debits. */
  netPaise: number;
}

/** An order not yet in the book: what the RMS is asked to take on. */
export interface OrderIntent {
  contract: OptionContract;
  side: 'BUY' | 'SELL';
  quantity: number;
  pricePaise: number;
}

/** The market the scenarios start from, now. */
export function marginMarket(ctx: SandboxContext): MarginMarket {
  const nowMs = ctx.clock.now();
  const second = nowSecond(ctx);
  const today = istDateString(nowMs);
  return {
    nowMs,
    spotPaise: (c) => ctx.pricing.spotPaise(c, second),
    volatility: (c) => c.root.volatility * ctx.shocks.factorAt(c.root.root, second),
    expiresToday: (c) => c.expiry === today,
  };
}

function optionOf(ctx: SandboxContext, token: number): OptionInstrument | null {
  const instrument = ctx.universe.resolveToken(token, ctx.clock.now());
  return instrument?.kind === 'option' ? instrument : null;
}

const netOf = (leg: Leg) => leg.buyQuantity - leg.sellQuantity;

/** The account's positions and orders (plus `extra`, an order being considered) as margin inputs. */
function exposureOf(ctx: SandboxContext, userId: string, extra: readonly OrderIntent[]) {
  const second = nowSecond(ctx);
  const held = new Map<number, number>();
  const positions: MarginPosition[] = [];
  let premium = 0;
  for (const leg of ctx.orders.positions(userId)) {
    premium += leg.buyValue - leg.sellValue;
    const option = optionOf(ctx, leg.instrumentToken);
    const quantity = netOf(leg);
    if (!option || quantity === 0) continue;
    held.set(leg.instrumentToken, (held.get(leg.instrumentToken) ?? 0) + quantity);
    positions.push({ contract: option.contract, quantity });
    if (quantity < 0) premium += -quantity * ctx.pricing.ltpPaise(option, second);
  }
  const pending: OrderIntent[] = [...ctx.orders.openOrders(userId).flatMap((o) => intentOf(ctx, o)), ...extra];
  for (const order of pending) {
    if (order.side === 'SELL') {
      positions.push({ contract: order.contract, quantity: -order.quantity });
      continue;
    }
    premium += order.quantity * order.pricePaise;
    const token = order.contract.instrumentToken;
    const short = Math.max(0, -(held.get(token) ?? 0));
    const closing = Math.min(short, order.quantity);
    if (closing > 0) {
      held.set(token, (held.get(token) ?? 0) + closing);
      positions.push({ contract: order.contract, quantity: closing });
    }
  }
  return { positions, premium };
}

function intentOf(ctx: SandboxContext, order: SandboxOrder): OrderIntent[] {
  const option = optionOf(ctx, order.instrumentToken);
  const quantity = order.quantity - order.filledQuantity;
  if (!option || quantity <= 0) return [];
  return [{ contract: option.contract, side: order.transactionType, quantity, pricePaise: order.pricePaise }];
}

/** The account's funds and margins now, with `extra` orders taken as placed. */
export function accountMargins(
  ctx: SandboxContext,
  userId: string,
  extra: readonly OrderIntent[] = [],
): AccountMargins {
  const { positions, premium } = exposureOf(ctx, userId, extra);
  const { spanPaise, exposurePaise }: MarginFigures = portfolioMargin(positions, marginMarket(ctx));
  const debitsPaise = spanPaise + exposurePaise + Math.max(0, premium);
  const cashPaise = ctx.fundsPaise;
  return {
    cashPaise,
    spanPaise,
    exposurePaise,
    optionPremiumPaise: premium,
    debitsPaise,
    netPaise: cashPaise - debitsPaise,
  };
}

/** Kite's RMS words for an order the funds cannot carry (Kite forum, comment 31631, 2021), rupees. */
export function insufficientFunds(userId: string, requiredPaise: number, availablePaise: number) {
  const r = toRupees(requiredPaise).toFixed(2);
  const a = toRupees(availablePaise).toFixed(2);
  return {
    message: `Insufficient funds. Required margin is ${r} but available margin is ${a}. Check the orderbook for open orders.`,
    raw: `RMS:Margin Exceeds,Required:${r}, Available:${a} for entity account-${userId} across exchange across segment across product `,
  };
}

/**
 * The RMS check of an order: null when the account can carry it, else the rejection. The order's margin is
 * what it adds to the account's debits; an order that lowers them (an exit) always passes.
 */
export function marginCheck(ctx: SandboxContext, userId: string, intent: OrderIntent) {
  const before = accountMargins(ctx, userId);
  const after = accountMargins(ctx, userId, [intent]);
  const required = after.debitsPaise - before.debitsPaise;
  if (required <= 0 || required <= before.netPaise) return null;
  return insufficientFunds(userId, required, before.netPaise);
}
