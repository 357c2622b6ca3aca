import { describe, expect, it } from 'vitest';
import type { KiteBasketMargins } from '../../../protocols/kite-rest-client.js';
import { readJsonFixture } from '../../../../test/provider-fixtures.js';
import { marginHeldPaise as heldOf } from '../../../protocols/kite-rest-client.js';
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

describe('heldOf', () => {
  const basket = readJsonFixture<{ data: { final: KiteBasketMargins['final'] } }>('kite', 'basket_margins.json');

  it("is SPAN and exposure of Kite's own basket reply, the premium received (negative) not lowering it", () => {
    // basket_margins.json: span 7788.000000000007, exposure 29151.225000000002, option_premium −2152.5.
    expect(heldOf(basket.data.final)).toBe(778_800 + 2_915_123);
  });

  it('adds the premium paid for bought options', () => {
    expect(heldOf({ span: 0, exposure: 0, option_premium: 521.25, total: 521.25 })).toBe(52_125);
  });
});
