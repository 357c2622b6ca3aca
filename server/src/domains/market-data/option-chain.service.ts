import { IST_OFFSET_MS } from '@app/contract';
import type { KiteInstrument } from '../../protocols/kite-instruments-csv.js';
import type { KiteRest } from './adapters/kite-rest-client.js';

export type OptionType = 'CE' | 'PE';

/** One listed option of an underlying's chain. */
export interface ChainOption {
  tradingSymbol: string;
  exchange: string;
  strikePaise: number;
  /** YYYY-MM-DD */
  expiry: string;
  optionType: OptionType;
  lotSize: number;
  instrumentToken: number;
}

const istDay = (ms: number) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Option chains from Kite's daily instruments dump, cached per IST day, and option quotes.
 * An index's options are the dump rows whose `name` is the index's ticker (NIFTY, BANKNIFTY…).
 */
/** How old a quote may be and still price a paper fill: Kite allows about one quote request a second. */
const QUOTE_MAX_AGE_MS = 1000;

export function createOptionChainService(deps: {
  rest: KiteRest;
  now: () => number;
  ensureToken: () => Promise<string>;
}) {
  let cache: { day: string; byRoot: Map<string, ChainOption[]> } | null = null;
  const quoteCache = new Map<string, { paise: number; at: number }>();
  let loading: Promise<Map<string, ChainOption[]>> | null = null;

  const toOption = (i: KiteInstrument): ChainOption | null => {
    if (i.instrumentType !== 'CE' && i.instrumentType !== 'PE') return null;
    if (!i.expiry) return null;
    return {
      tradingSymbol: i.tradingsymbol,
      exchange: i.exchange,
      strikePaise: Math.round(i.strike * 100),
      expiry: i.expiry,
      optionType: i.instrumentType,
      lotSize: i.lotSize,
      instrumentToken: i.instrumentToken,
    };
  };

  async function load(): Promise<Map<string, ChainOption[]>> {
    await deps.ensureToken();
    const byRoot = new Map<string, ChainOption[]>();
    for (const row of await deps.rest.instruments()) {
      const option = toOption(row);
      if (!option) continue;
      const list = byRoot.get(row.name) ?? [];
      list.push(option);
      byRoot.set(row.name, list);
    }
    return byRoot;
  }

  return {
    /** The chain of an underlying by its option root (the instrument's ticker). */
    async chainFor(root: string): Promise<ChainOption[]> {
      const day = istDay(deps.now());
      if (!cache || cache.day !== day) {
        loading ??= load().finally(() => {
          loading = null;
        });
        cache = { day, byRoot: await loading };
      }
      return cache.byRoot.get(root) ?? [];
    },

    /**
     * Last traded prices in paise, keyed `EXCHANGE:SYMBOL`. Quotes younger than a second are reused,
     * so back-to-back candle closes stay within the provider's quote rate limit.
     */
    async quotesPaise(keys: string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      const now = deps.now();
      const missing: string[] = [];
      for (const k of keys) {
        const hit = quoteCache.get(k);
        if (hit && now - hit.at < QUOTE_MAX_AGE_MS) out.set(k, hit.paise);
        else missing.push(k);
      }
      if (missing.length === 0) return out;
      await deps.ensureToken();
      for (let i = 0; i < missing.length; i += 500) {
        const chunk = missing.slice(i, i + 500);
        const data = await deps.rest.ltp(chunk);
        for (const k of chunk) {
          const q = data[k];
          if (!q) continue;
          const paise = Math.round(q.last_price * 100);
          quoteCache.set(k, { paise, at: now });
          out.set(k, paise);
        }
      }
      if (quoteCache.size > 5000) quoteCache.clear();
      return out;
    },

    /** Last price of an underlying by its token, paise. */
    async underlyingPaise(token: string): Promise<number | null> {
      return (await this.quotesPaise([token])).get(token) ?? null;
    },
  };
}

export type OptionChainService = ReturnType<typeof createOptionChainService>;
