/**
 * Market protection, as Kite applies it to orders placed through the API since 1 April 2026 (exchange
 * retail-algo rules): a MARKET order must carry `market_protection` (−1 for Kite's automatic bound, or a
 * percentage above 0 up to 100) and is converted into a LIMIT order at the protection bound. Pure; money
 * in paise. Sources in docs/SANDBOX.md.
 */
import { OPTION_TICK_PAISE } from './option-chain.js';

/** Kite's wording for a MARKET order without protection (or with 0). */
export const MARKET_PROTECTION_REQUIRED =
  'Market orders without market protection are not allowed via API. Please set market protection or use a Limit order.';

/**
 * The percentage `market_protection=-1` applies to an option. Kite computes it "as per market protection
 * guidelines" without publishing the table for API orders; the one figure reported for options is about
 * 3 % (docs/SANDBOX.md), so the sandbox uses 3 % at every premium.
 */
export const AUTO_PROTECTION_PERCENT = 3;

/** The requested protection: −1 (automatic) or a percentage in (0, 100]. */
export type MarketProtection = number;

type Parsed = { ok: true; value: MarketProtection | null } | { ok: false; message: string };

/**
 * Reads the `market_protection` form field. Null when absent or 0 (no protection); Kite's decode error
 * for anything that is not a decimal; the sandbox's own message for decimals outside −1 and (0, 100].
 */
export function parseMarketProtection(raw: string | null): Parsed {
  if (raw === null || raw.trim() === '') return { ok: true, value: null };
  if (!/^-?\d+(\.\d+)?$/.test(raw.trim())) {
    return {
      ok: false,
      message: `Invalid request (failed to decode market_protection, got: ${raw} (expected decimal))`,
    };
  }
  const value = Number(raw);
  if (value === 0) return { ok: true, value: null };
  if (value === -1 || (value > 0 && value <= 100)) return { ok: true, value };
  return {
    ok: false,
    message: 'Invalid `market_protection`. Use -1 for automatic protection or a percentage above 0 up to 100.',
  };
}

/** The percentage a protection value stands for (−1 → the automatic percentage). */
export function effectivePercent(protection: MarketProtection): number {
  return protection === -1 ? AUTO_PROTECTION_PERCENT : protection;
}

/**
 * The LIMIT price a protected MARKET order becomes: BUY at last × (1 + p %), SELL at last × (1 − p %),
 * on the ₹0.05 tick rounded toward marketable (up for BUY, down for SELL), never below one tick.
 */
export function protectionBoundPaise(side: 'BUY' | 'SELL', lastPaise: number, percent: number): number {
  const factor = side === 'BUY' ? 100 + percent : 100 - percent;
  const ticks = (lastPaise * factor) / 100 / OPTION_TICK_PAISE;
  // The epsilon keeps float noise (10300.000000001) from moving a bound that lands on a tick.
  const rounded = side === 'BUY' ? Math.ceil(ticks - 1e-9) : Math.floor(ticks + 1e-9);
  return Math.max(OPTION_TICK_PAISE, rounded * OPTION_TICK_PAISE);
}

/** The tags Kite adds to a converted order (kiteconnect-mocks `orders.json`: `mktp`, `mktp:2.00`). */
export function protectionTags(percent: number): string[] {
  return ['mktp', `mktp:${percent.toFixed(2)}`];
}
