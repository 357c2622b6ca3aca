import { OPTIONS_DATA_SOURCE, type MarketDataHub } from '../market-data/hub.js';
import type { QuoteSource } from './positions.service.js';

/**
 * Prices for marking open legs (issue 11): the Kite ticker's last price where this instance streams the
 * option (the positions feed follows every open leg on the leader), else a REST quote. Keys are
 * `EXCHANGE:SYMBOL`, prices paise.
 */
export function createLiveMarks(deps: {
  hub: Pick<MarketDataHub, 'watchPrice' | 'lastPricePaise' | 'connectedSources'>;
  /** An option's instrument token by trading symbol (today's instruments dump). */
  tokenOf: (tradingSymbol: string) => Promise<string | null>;
  quotes: QuoteSource;
}) {
  const watching = new Map<string, { token: string; release: () => void }>();
  const symbolOf = (key: string) => key.slice(key.indexOf(':') + 1);

  return {
    /** Streams exactly these keys' prices from now on; keys no longer open are released. */
    async follow(keys: readonly string[]): Promise<void> {
      const wanted = new Set(keys);
      for (const [key, w] of watching) {
        if (wanted.has(key)) continue;
        w.release();
        watching.delete(key);
      }
      for (const key of wanted) {
        if (watching.has(key)) continue;
        const token = await deps.tokenOf(symbolOf(key));
        if (token === null) continue; // not in today's dump (expired): REST says what it can
        watching.set(key, { token, release: deps.hub.watchPrice(OPTIONS_DATA_SOURCE, token) });
      }
    },

    /** Streamed prices where the ticker is up and has spoken; a REST quote for the rest. */
    async quotes(keys: string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      const isLive = deps.hub.connectedSources().includes(OPTIONS_DATA_SOURCE);
      const missing: string[] = [];
      for (const key of keys) {
        const w = watching.get(key);
        const paise = isLive && w ? deps.hub.lastPricePaise(OPTIONS_DATA_SOURCE, w.token) : null;
        if (paise === null) missing.push(key);
        else out.set(key, paise);
      }
      if (missing.length === 0) return out;
      try {
        for (const [key, paise] of await deps.quotes(missing)) out.set(key, paise);
      } catch (err) {
        // Streamed marks are still marks; with none at all, the caller falls back to last fills.
        if (out.size === 0) throw err;
      }
      return out;
    },

    stop() {
      for (const w of watching.values()) w.release();
      watching.clear();
    },
  };
}

export type LiveMarks = ReturnType<typeof createLiveMarks>;
