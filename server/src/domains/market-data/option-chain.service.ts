import { istDay, toPaise } from '@app/contract';
import type { KiteInstrument } from '../../protocols/kite-instruments-csv.js';
import type { KiteQuote, KiteRest } from '../../protocols/kite-rest-client.js';
import type { FetchedOptionQuote } from '../../platform/domain-events.js';

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

/** One price level of a quote's depth, in paise. */
export interface QuoteLevel {
  pricePaise: number;
  quantity: number;
}

/** An option's quote as a paper fill is priced from it: the last price, bids and offers (best first). */
export interface OptionQuote {
  lastPaise: number;
  bids: QuoteLevel[];
  asks: QuoteLevel[];
}

const levelsOf = (levels: ReadonlyArray<{ price: number; quantity: number }> | undefined): QuoteLevel[] =>
  (levels ?? [])
    .map((l) => ({ pricePaise: toPaise(l.price), quantity: l.quantity }))
    .filter((l) => l.pricePaise > 0 && l.quantity > 0);

/** A Kite quote as a paper fill reads it: zero levels (Kite pads a thin side with them) dropped. */
export const toOptionQuote = (q: KiteQuote): OptionQuote => ({
  lastPaise: toPaise(q.last_price),
  bids: levelsOf(q.depth?.buy),
  asks: levelsOf(q.depth?.sell),
});

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
  /** Each option root's lot size (its nearest expiry's), every time the day's dump is loaded. */
  onLoaded?: (lotSizes: Map<string, number>) => Promise<void> | void;
  /** The options among each batch of quotes fetched from the provider (cache hits are not told again). */
  onQuoted?: (quotes: FetchedOptionQuote[], at: number) => void;
}) {
  let cache: {
    day: string;
    byRoot: Map<string, ChainOption[]>;
    bySymbol: Map<string, ChainOption>;
    rootOf: Map<string, string>;
    /** Every instrument token the dump lists (indices, equities, options…), to check an admin's typed token. */
    listed: Set<number>;
  } | null = null;
  const quoteCache = new Map<string, { paise: number | null; at: number }>();
  const depthCache = new Map<string, { quote: OptionQuote | null; at: number }>();
  let loading: Promise<{ byRoot: Map<string, ChainOption[]>; listed: Set<number> }> | null = null;

  const toOption = (i: KiteInstrument): ChainOption | null => {
    if (i.instrumentType !== 'CE' && i.instrumentType !== 'PE') return null;
    if (!i.expiry) return null;
    return {
      tradingSymbol: i.tradingsymbol,
      exchange: i.exchange,
      strikePaise: toPaise(i.strike),
      expiry: i.expiry,
      optionType: i.instrumentType,
      lotSize: i.lotSize,
      instrumentToken: i.instrumentToken,
    };
  };

  async function load(): Promise<{ byRoot: Map<string, ChainOption[]>; listed: Set<number> }> {
    await deps.ensureToken();
    const byRoot = new Map<string, ChainOption[]>();
    const listed = new Set<number>();
    for (const row of await deps.rest.instruments()) {
      listed.add(row.instrumentToken);
      const option = toOption(row);
      if (!option) continue;
      const list = byRoot.get(row.name) ?? [];
      list.push(option);
      byRoot.set(row.name, list);
    }
    return { byRoot, listed };
  }

  /** Each root's lot size: that of its nearest expiry with a lot size (a revision starts with new expiries). */
  function lotSizesOf(byRoot: Map<string, ChainOption[]>): Map<string, number> {
    const out = new Map<string, number>();
    for (const [root, list] of byRoot) {
      const nearest = list.filter((o) => o.lotSize > 0).sort((a, b) => a.expiry.localeCompare(b.expiry))[0];
      if (nearest) out.set(root, nearest.lotSize);
    }
    return out;
  }

  /** Today's chains, loaded once per IST day (concurrent callers share one load). */
  async function today() {
    const day = istDay(deps.now());
    if (!cache || cache.day !== day) {
      loading ??= load().finally(() => {
        loading = null;
      });
      const { byRoot, listed } = await loading;
      const bySymbol = new Map<string, ChainOption>();
      const rootOf = new Map<string, string>();
      for (const [root, list] of byRoot) {
        for (const o of list) {
          bySymbol.set(o.tradingSymbol, o);
          rootOf.set(o.tradingSymbol, root);
        }
      }
      const isFirstLoadToday = !cache || cache.day !== day;
      cache = { day, byRoot, bySymbol, rootOf, listed };
      if (isFirstLoadToday) await deps.onLoaded?.(lotSizesOf(byRoot));
    }
    return cache;
  }

  /** Tells `onQuoted` the quotes of `EXCHANGE:SYMBOL` keys that are options of today's chain. */
  function tell(quotes: Array<[key: string, lastPaise: number, depth: OptionQuote | null]>, at: number) {
    if (!deps.onQuoted || !cache || quotes.length === 0) return;
    const told: FetchedOptionQuote[] = [];
    for (const [key, lastPaise, depth] of quotes) {
      const symbol = key.slice(key.indexOf(':') + 1);
      const option = cache.bySymbol.get(symbol);
      const underlying = cache.rootOf.get(symbol);
      if (!option || underlying === undefined) continue;
      const { expiry, strikePaise, optionType } = option;
      const book = depth && { bids: depth.bids, asks: depth.asks };
      told.push({ tradingSymbol: symbol, underlying, expiry, strikePaise, optionType, lastPaise, depth: book });
    }
    if (told.length > 0) deps.onQuoted(told, at);
  }

  return {
    /** The chain of an underlying by its option root (the instrument's ticker). */
    async chainFor(root: string): Promise<ChainOption[]> {
      return (await today()).byRoot.get(root) ?? [];
    },

    /** Loads today's dump now (the morning refresh, or an admin's "Refresh from exchange"); returns the lot sizes. */
    async reload(): Promise<Map<string, number>> {
      cache = null;
      return lotSizesOf((await today()).byRoot);
    },

    /**
     * Whether today's dump lists a Kite instrument token; null when the dump cannot be had within `waitMs`
     * (no market-data token, the exchange unreachable): a caller then cannot tell, and should not refuse.
     */
    async lists(token: number, waitMs = 5000): Promise<boolean | null> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
      try {
        const day = await Promise.race([today(), late]);
        return day === null ? null : day.listed.has(token);
      } catch {
        return null;
      } finally {
        clearTimeout(timer);
      }
    },

    /** An option's instrument token by its trading symbol (today's dump), to stream its price. */
    async instrumentTokenOf(tradingSymbol: string): Promise<string | null> {
      const token = (await today()).bySymbol.get(tradingSymbol)?.instrumentToken;
      return token === undefined ? null : String(token);
    },

    /**
     * Previous-day closes in paise, keyed `EXCHANGE:SYMBOL` (Kite's `ohlc.close`); a symbol not quoted, or
     * with no close yet (0), is left out. The caller keeps them for the day.
     */
    async closesPaise(keys: string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      if (keys.length === 0) return out;
      await deps.ensureToken();
      for (let i = 0; i < keys.length; i += 500) {
        const chunk = keys.slice(i, i + 500);
        const data = await deps.rest.ohlc(chunk);
        for (const k of chunk) {
          const close = data[k]?.ohlc.close;
          if (close !== undefined && close > 0) out.set(k, toPaise(close));
        }
      }
      return out;
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
        if (hit && now - hit.at < QUOTE_MAX_AGE_MS) {
          // A symbol the provider did not quote (expired, unknown) is not asked for again within the second.
          if (hit.paise !== null) out.set(k, hit.paise);
        } else missing.push(k);
      }
      if (missing.length === 0) return out;
      await deps.ensureToken();
      const fetched: Array<[string, number, null]> = [];
      for (let i = 0; i < missing.length; i += 500) {
        const chunk = missing.slice(i, i + 500);
        const data = await deps.rest.ltp(chunk);
        for (const k of chunk) {
          const q = data[k];
          if (!q) {
            quoteCache.set(k, { paise: null, at: now });
            continue;
          }
          const paise = toPaise(q.last_price);
          quoteCache.set(k, { paise, at: now });
          out.set(k, paise);
          fetched.push([k, paise, null]);
        }
      }
      tell(fetched, now);
      if (quoteCache.size > 5000) quoteCache.clear();
      return out;
    },

    /**
     * Full quotes with depth (Kite's `/quote`, 500 a request), keyed `EXCHANGE:SYMBOL`, to price paper fills
     * as a live order would fill. Quotes younger than a second are reused, as `quotesPaise`'s are.
     */
    async optionQuotes(keys: string[]): Promise<Map<string, OptionQuote>> {
      const out = new Map<string, OptionQuote>();
      const now = deps.now();
      const missing: string[] = [];
      for (const k of keys) {
        const hit = depthCache.get(k);
        if (hit && now - hit.at < QUOTE_MAX_AGE_MS) {
          if (hit.quote !== null) out.set(k, hit.quote);
        } else missing.push(k);
      }
      if (missing.length === 0) return out;
      await deps.ensureToken();
      const fetched: Array<[string, number, OptionQuote]> = [];
      for (let i = 0; i < missing.length; i += 500) {
        const chunk = missing.slice(i, i + 500);
        const data = await deps.rest.quote(chunk);
        for (const k of chunk) {
          const q = data[k];
          const quote = q ? toOptionQuote(q) : null;
          depthCache.set(k, { quote, at: now });
          // The last price too, so marks read in the same second do not ask Kite again (one quote call a second).
          quoteCache.set(k, { paise: quote?.lastPaise ?? null, at: now });
          if (quote) {
            out.set(k, quote);
            fetched.push([k, quote.lastPaise, quote]);
          }
        }
      }
      tell(fetched, now);
      if (depthCache.size > 5000) depthCache.clear();
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
