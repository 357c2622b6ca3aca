import { BrokerRejected } from '../brokers/broker-port.js';

/** An order the broker rejected after taking it (its risk checks, a circuit limit): its status message says why. */
export class BrokerRefusal extends Error {
  override readonly name = 'BrokerRefusal';
}

/** How the executor words an order the broker rejected after taking it. */
export const REJECTED_WORDS = 'the broker rejected it';

/** A failed order as the error a trade raises: a refusal when the broker rejected it, else a plain error. */
export function tradeFailure(what: string, why: string): Error {
  const text = `${what}: ${why}`;
  return why.includes(REJECTED_WORDS) ? new BrokerRefusal(text) : new Error(text);
}

/**
 * Whether a live trade failed because the broker refused an order (rejected at placement or after), rather
 * than because it could not be asked. A refusal on a candle close stops the strategy with the broker's
 * words: trying again at every close would only be refused again.
 */
export function isBrokerRefusal(err: unknown): err is Error {
  if (err instanceof BrokerRefusal) return true;
  // The token, the network and the rate say nothing about the order itself: those are other port errors.
  return err instanceof BrokerRejected;
}
