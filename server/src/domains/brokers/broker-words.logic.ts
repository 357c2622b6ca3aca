import { NetworkError, RetryableError } from '../../platform/outbound.js';
import { BrokerRateLimited, BrokerTokenExpired, BrokerUnknownOutcome, isBrokerAnswer } from './broker-port.js';

/**
 * A broker's refusal or silence in a trader's words: never an address, a stack or "request failed" (the
 * network's own messages name the host). `label` names the broker when it did not answer.
 */
export function brokerWords(err: unknown, label: string): string {
  if (err instanceof BrokerTokenExpired) {
    return `${err.broker} refused the access token (${err.message}): generate a new one on the Profile page`;
  }
  if (isBrokerAnswer(err) || err instanceof BrokerUnknownOutcome) return `${err.broker}: ${err.message}`;
  if (err instanceof BrokerRateLimited || err instanceof RetryableError) {
    return `${label} is busy or down right now; try again shortly`;
  }
  if (err instanceof NetworkError) return `${label} could not be reached; check the connection and try again`;
  return `${label} did not answer`;
}

/** A session the broker no longer honours (ended by a login elsewhere, or at its daily end), in a trader's words. */
export const sessionEndedWords = (brokerUsername: string): string =>
  `The broker session for ${brokerUsername} has ended: generate a new token on the Profile page`;
