import type { FastifyBaseLogger } from 'fastify';
import type { BrokerAccount, MarginOrder } from '../brokers/broker-port.js';
import { MarginShortfall } from './margin-shortfall.js';
import { closingSideOf } from '../strategies/decision.logic.js';
import { closesOf, opensOf, type Plan, type TradeDecision } from './plan.js';

/**
 * A decision's orders as the broker's margin calculator takes them, each on the side it is sent: a close on
 * the side opposite its leg (a sold leg's buy-back as BUY, a bought leg's sale as SELL) for its units, a new
 * leg on its own side (a bought wing as BUY, so the broker sees the spread and its hedge benefit).
 */
export function marginBasketOf(decision: TradeDecision): MarginOrder[] {
  return [
    ...closesOf(decision).map((l) => ({
      exchange: l.exchange,
      tradingSymbol: l.tradingSymbol,
      side: closingSideOf(l.quantity),
      quantity: Math.abs(l.quantity),
    })),
    ...opensOf(decision).map((o) => ({
      exchange: o.option.exchange,
      tradingSymbol: o.option.tradingSymbol,
      side: o.side,
      quantity: o.quantity,
    })),
  ];
}

/**
 * Before any order of a plan that opens new legs: the account's margin must cover them. The broker's own
 * calculator prices the plan as one basket (its closes and opens, the account's positions considered) and
 * the account's available margin is read; a shortfall stops the plan with the figures, nothing sent. When the
 * broker cannot be asked, the orders go as before: they meet the same broker's check.
 */
export async function refuseOpensTheMarginCannotCover(
  rest: Pick<BrokerAccount, 'basketMargin' | 'margins'>,
  plan: Plan,
  logger: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const opens = opensOf(plan.decision);
  if (opens.length === 0) return;
  const basket = marginBasketOf(plan.decision);
  let needed: number;
  let available: number;
  try {
    const [margin, funds] = await Promise.all([rest.basketMargin(basket), rest.margins()]);
    needed = margin.finalPaise;
    available = funds.availableMarginPaise;
  } catch (err) {
    logger.warn({ err, mappingId: plan.mapping.id }, 'could not ask the margin before an entry');
    return;
  }
  if (needed > available) throw new MarginShortfall(plan.mapping.id, needed, available);
}
