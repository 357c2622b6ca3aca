import { createRequestPacer, type RateLimits } from '../platform/rate-window.js';

/**
 * Kite's read limits per API key: quotes 1 a second, historical candles 3, every other read 10 (Kite Connect
 * docs, "Request limits"; docs/SANDBOX.md lists the sources). Orders are the order governor's
 * (engine/order-throttle.ts).
 */
const KITE_READ_LIMITS: Record<KiteReadGroup, RateLimits> = {
  quote: { perSecond: 1, perMinute: Number.POSITIVE_INFINITY },
  historical: { perSecond: 3, perMinute: Number.POSITIVE_INFINITY },
  other: { perSecond: 10, perMinute: Number.POSITIVE_INFINITY },
};

type KiteReadGroup = 'quote' | 'historical' | 'other';

export function kiteReadGroupOf(path: string): KiteReadGroup {
  if (path.startsWith('/quote')) return 'quote';
  if (path.startsWith('/instruments/historical')) return 'historical';
  return 'other';
}

/** One pacer per API key and group, shared by every client of this process on that key. */
const pacers = new Map<string, ReturnType<typeof createRequestPacer>>();

/**
 * Paces an app's reads within Kite's limits: ten strategies of one account settling their orders together, or
 * market data quoting many users' legs after a close, wait their turn instead of meeting 429s (and running out
 * of retries mid-booking). `quotesPerSecond` is Kite's 1 unless the exchange is a stand-in allowing more
 * (KITE_QUOTES_PER_SECOND, config/env.ts).
 */
export function kiteReadPacing(apiKey: string, quotesPerSecond = KITE_READ_LIMITS.quote.perSecond) {
  return <T>(path: string, request: () => Promise<T>): Promise<T> => {
    const group = kiteReadGroupOf(path);
    const limits =
      group === 'quote' ? { ...KITE_READ_LIMITS.quote, perSecond: quotesPerSecond } : KITE_READ_LIMITS[group];
    const key = `${apiKey}|${group}|${limits.perSecond}`;
    const pacer = pacers.get(key) ?? createRequestPacer(limits);
    pacers.set(key, pacer);
    return pacer.run(request);
  };
}
