import { isRateLimit } from '../../../../platform/outbound.js';
import { KiteApiError } from '../../../../protocols/kite-rest.js';
import {
  BrokerError,
  BrokerRateLimited,
  BrokerRejected,
  BrokerTokenExpired,
  BrokerUnknownOutcome,
  type RejectionReason,
} from '../../broker-port.js';

/** How traders call the broker in messages. */
export const KITE_LABEL = 'Kite';

/**
 * Kite's refusal of an order above the exchange's freeze quantity: "The order quantity 1000 (40 lots) is
 * higher than the maximum quantity of 900 (36 lots) allowed by the exchanges…" (kite.trade forum 42709).
 * "freeze quantity" is matched too, in case it is reworded the way Zerodha's support pages name it.
 */
const FREEZE_REFUSAL = /maximum quantity|freeze quantity/i;
const FREEZE_QUANTITY = /(?:maximum|freeze) quantity of ([\d,]+)/i;
/** Kite's refusal of autoslice at or below the freeze quantity: "Quantity should be … for order slicing." */
const TOO_SMALL_TO_SLICE = /for order slicing/i;

/** The freeze quantity a refusal names, if it names one. */
export function freezeQuantityIn(message: string): number | null {
  const digits = FREEZE_QUANTITY.exec(message)?.[1]?.replaceAll(',', '');
  const quantity = digits ? Number(digits) : NaN;
  return Number.isInteger(quantity) && quantity > 0 ? quantity : null;
}

/** Kite error types that say nothing about the request itself: its network or its servers failed. */
const NOT_AN_ANSWER = new Set(['NetworkException', 'GeneralException']);

/** What a call was: a read, a history look-up (where InputException means "no such order") or a send. */
export type KiteCall = 'read' | 'history' | 'send';

function rejectionReason(err: KiteApiError, call: KiteCall): RejectionReason {
  if (err.errorType !== 'InputException') return 'other';
  if (call === 'history') return 'unknown_order';
  if (FREEZE_REFUSAL.test(err.message)) return 'above_freeze';
  if (TOO_SMALL_TO_SLICE.test(err.message)) return 'below_freeze';
  return 'other';
}

/**
 * A Kite failure in the port's words, the message kept as Kite worded it. A transport failure of a read
 * stays the platform's error (nothing happened); of a send it is an unknown outcome (the order may be there).
 */
export function toBrokerError(err: unknown, call: KiteCall): unknown {
  if (err instanceof BrokerError) return err;
  if (err instanceof KiteApiError) {
    const options = { broker: KITE_LABEL, code: err.errorType, httpStatus: err.httpStatus, cause: err };
    if (err.errorType === 'TokenException') return new BrokerTokenExpired(err.message, options);
    if (NOT_AN_ANSWER.has(err.errorType)) return new BrokerUnknownOutcome(err.message, options);
    const reason = rejectionReason(err, call);
    const freezeQuantity = reason === 'above_freeze' ? freezeQuantityIn(err.message) : null;
    return new BrokerRejected(err.message, { ...options, reason, freezeQuantity });
  }
  if (isRateLimit(err)) {
    return new BrokerRateLimited(err.message, {
      broker: KITE_LABEL,
      httpStatus: 429,
      retryAfterMs: err.retryAfterMs ?? null,
      cause: err,
    });
  }
  if (call === 'send' && err instanceof Error)
    return new BrokerUnknownOutcome(err.message, { broker: KITE_LABEL, cause: err });
  return err;
}

/** Runs a Kite call, its failure thrown in the port's words. */
export async function inPortWords<T>(call: KiteCall, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw toBrokerError(err, call);
  }
}
