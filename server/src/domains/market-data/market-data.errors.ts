import { AppError, rateLimited } from '../../platform/errors.js';
import type { ProviderRefusal } from './adapters/adapter.js';
import { providerRefusal } from './adapters/refusals.js';
import { isRateLimit, NetworkError, RetryableError } from '../../platform/outbound.js';
import { BrokerRateLimited, BrokerRejected, BrokerTokenExpired, BrokerUnknownOutcome } from '../brokers/broker-port.js';

/** Still rate-limited after the retries: 429 with the provider's Retry-After. */
function tooFast(message: string, retryAfterMs: number | null | undefined): AppError {
  const seconds = Math.max(1, Math.ceil((retryAfterMs ?? 1000) / 1000));
  return rateLimited(`${message}: the provider limits requests per second; try again in ${seconds} s`, seconds);
}

/** A provider's answer, worded as the provider put it: its access token refused, or anything else it said. */
function refused(provider: string, kind: ProviderRefusal['kind'], message: string): AppError {
  const words =
    kind === 'token_refused' ? `${provider} access token is missing or expired: ${message}` : `${provider}: ${message}`;
  return new AppError(400, 'UPSTREAM_FAILED', words);
}

/**
 * A provider failure as the admin should read it: the provider's own message for refusals
 * (bad token, unknown symbol, too long a range) as 400; still rate-limited after the retries as 429 with the
 * provider's Retry-After (the admin asked too much too fast, nothing is broken); unreachable or failing as 502.
 * Never 401/403: those would end the admin's console session.
 */
export function marketDataFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  // A broker account's failure through the port: its silence named by the broker, an answer worded as its own.
  if (err instanceof BrokerUnknownOutcome && err.cause instanceof NetworkError) {
    return new AppError(502, 'UPSTREAM_FAILED', `${err.broker} did not answer (${err.message}); try again shortly`);
  }
  if (err instanceof BrokerUnknownOutcome && err.cause !== undefined) return marketDataFailure(err.cause);
  if (err instanceof BrokerTokenExpired) return refused(err.broker, 'token_refused', err.message);
  if (err instanceof BrokerRejected) return refused(err.broker, 'upstream', err.message);
  if (err instanceof BrokerRateLimited) return tooFast(err.message, err.retryAfterMs);
  // A market-data provider's own answer (its adapter reads it: adapters/refusals.ts).
  const refusal = providerRefusal(err);
  if (refusal) return refused(refusal.provider, refusal.kind, refusal.message);
  if (isRateLimit(err)) return tooFast(err.message, err.retryAfterMs);
  if (err instanceof RetryableError) return new AppError(502, 'UPSTREAM_FAILED', `${err.message}; try again shortly`);
  if (err instanceof NetworkError) {
    return new AppError(502, 'UPSTREAM_FAILED', `The provider did not answer (${err.message}); try again shortly`);
  }
  const message = err instanceof Error ? err.message : 'Market data provider unreachable';
  return new AppError(502, 'UPSTREAM_FAILED', message);
}
