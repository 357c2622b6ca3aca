import { describe, expect, it } from 'vitest';
import { NetworkError, RetryableError } from '../../platform/outbound.js';
import { KiteApiError } from '../../protocols/kite-rest.js';
import { BinanceApiError } from './adapters/binance-adapter.js';
import { marketDataFailure } from './market-data.errors.js';

/* What the admin reads when a provider refuses or fails a market-data request. */
describe('marketDataFailure', () => {
  it('answers a provider rate limit still standing after the retries with 429 and when to come back', () => {
    for (const status of [429, 418]) {
      const err = marketDataFailure(new RetryableError(`Kite answered ${status}`, 2_500, status));
      expect([err.status, err.code, err.details]).toEqual([429, 'RATE_LIMITED', { retryAfterSeconds: 3 }]);
      expect(err.message).toContain('try again in 3 s');
    }
    expect(marketDataFailure(new RetryableError('Binance answered 429', undefined, 429)).details).toEqual({
      retryAfterSeconds: 1,
    });
  });

  it("keeps a provider's own failure and an unreachable provider at 502", () => {
    expect(marketDataFailure(new RetryableError('Kite answered 503', undefined, 503)).status).toBe(502);
    expect(marketDataFailure(new NetworkError('connect ECONNREFUSED')).status).toBe(502);
  });

  it("passes a provider's refusal on as 400 in its own words, never 401/403", () => {
    const token = marketDataFailure(new KiteApiError('TokenException', 'Incorrect `api_key` or `access_token`.', 403));
    expect([token.status, token.message]).toEqual([
      400,
      'Kite access token is missing or expired: Incorrect `api_key` or `access_token`.',
    ]);
    expect(marketDataFailure(new BinanceApiError(-1121, 'Invalid symbol.')).message).toBe('Binance: Invalid symbol.');
  });
});
