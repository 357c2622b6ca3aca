/**
 * Options settle at expiry. Once an option's expiry instant has passed on the sandbox clock (15:30 IST on
 * its expiry day for NIFTY and BANKNIFTY), its resting orders are cancelled and every position still open
 * in it is closed by a settlement trade at intrinsic value, max(0, S − K) for a call and max(0, K − S) for
 * a put, with S the underlying's last price at the expiry instant (NIFTY's and BANKNIFTY's expiry is their
 * session's close, so S is the price of the session's last second). The position then shows quantity 0 and
 * its whole P&L, as an index option's cash settlement leaves it.
 */
import type { OptionContract } from './option-chain.js';
import type { SandboxOrder } from './kite-order-book.js';
import type { SandboxContext } from './sandbox-context.js';

/** Why an order left OPEN at expiry. */
export const EXPIRED_ORDER_MESSAGE = 'The contract expired; the exchange cancelled the open quantity.';

/** The settlement price of `contract` when the underlying is at `spotPaise`. */
export function intrinsicPaise(contract: OptionContract, spotPaise: number): number {
  const inMoney = contract.type === 'CE' ? spotPaise - contract.strikePaise : contract.strikePaise - spotPaise;
  return Math.max(0, inMoney);
}

/**
 * Cancels open orders in expired options and books the settlement of every open position in them.
 * Returns the orders it cancelled (their owners are told).
 */
export function settleExpired(ctx: SandboxContext): SandboxOrder[] {
  const nowMs = ctx.clock.now();
  const expired = (token: number): OptionContract | null => {
    const instrument = ctx.universe.resolveToken(token, nowMs);
    return instrument?.kind === 'option' && instrument.contract.expiryMs <= nowMs ? instrument.contract : null;
  };
  const cancelled = ctx.orders.cancelOpen((o) => expired(o.instrumentToken) !== null, nowMs, EXPIRED_ORDER_MESSAGE);
  for (const leg of ctx.orders.openLegs()) {
    const contract = expired(leg.instrumentToken);
    if (!contract) continue;
    const spot = ctx.pricing.spotPaise(contract, Math.floor(contract.expiryMs / 1000));
    ctx.orders.settle(leg, intrinsicPaise(contract, spot));
  }
  return cancelled;
}
