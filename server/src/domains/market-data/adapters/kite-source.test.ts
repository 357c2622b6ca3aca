import { describe, expect, it } from 'vitest';
import { mustBeListed } from './kite-source.js';

describe('mustBeListed', () => {
  it('checks Kite index and NFO tokens against the exchange, by the segment in the low byte', () => {
    expect(mustBeListed('256265')).toBe(true); // NIFTY 50: 1001 × 256 + 9 (INDICES)
    expect(mustBeListed('257801')).toBe(true); // NIFTY FIN SERVICE, also INDICES
    expect(mustBeListed(String(12345 * 256 + 2))).toBe(true); // an NFO contract
  });

  it('leaves other segments and Binance symbols alone', () => {
    expect(mustBeListed('738561')).toBe(false); // RELIANCE on NSE (segment 1)
    expect(mustBeListed('777001')).toBe(false);
    expect(mustBeListed('BTCUSDT')).toBe(false);
  });
});
