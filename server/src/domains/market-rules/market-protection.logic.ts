/*
 * Market protection (exchange retail-algo rules, from 1 April 2026): a broker turns an API market order into a
 * LIMIT order at its protection bound, the last price moved by the band (docs/SANDBOX.md, "Protected MARKET
 * becomes LIMIT", with Kite's sources). Paper fills and backtests stop at the same bound. Pure; paise.
 */

/** NFO's option tick, ₹0.05. */
const TICK_PAISE = 5;

/**
 * The LIMIT price a protected market order becomes: a buy at last × (1 + p %), a sale at last × (1 − p %), on
 * the tick toward marketable (up for a buy, down for a sale), never below one tick. `percent` is whole (an
 * instrument's setting is 1–100, the automatic band a whole figure), so the arithmetic is exact integers.
 */
export function protectionBoundPaise(side: 'BUY' | 'SELL', lastPaise: number, percent: number): number {
  const scaled = lastPaise * (side === 'BUY' ? 100 + percent : 100 - percent);
  const perTick = 100 * TICK_PAISE;
  const ticks = side === 'BUY' ? Math.ceil(scaled / perTick) : Math.floor(scaled / perTick);
  return Math.max(TICK_PAISE, ticks * TICK_PAISE);
}
