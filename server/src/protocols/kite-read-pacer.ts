import { createRequestPacer, type RateLimits } from '../../../../platform/rate-window.js';

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
 * Paces an account's reads within Kite's limits for its app, so ten strategies of one account settling their
 * orders together wait their turn instead of meeting 429s (and running out of retries mid-booking).
 */
export function kiteReadPacing(apiKey: string) {
  return <T>(path: string, request: () => Promise<T>): Promise<T> => {
    const group = kiteReadGroupOf(path);
    const key = `${apiKey}|${group}`;
    const pacer = pacers.get(key) ?? createRequestPacer(KITE_READ_LIMITS[group]);
    pacers.set(key, pacer);
    return pacer.run(request);
  };
}
