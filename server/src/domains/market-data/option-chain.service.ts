import { istDay } from '@app/contract';
import type { FetchedOptionQuote } from '../../platform/domain-events.js';
import type {
  BasketMarginPaise,
  ChainOption,
  HeldOption,
  OptionQuote,
  OptionQuotesSource,
} from './adapters/adapter.js';
import { marketDataFailure } from './market-data.errors.js';
import { createKeyBatcher } from './key-batcher.js';

export type { ChainOption, OptionQuote, OptionType, QuoteLevel } from './adapters/adapter.js';

/** How old a quote may be and still price a paper fill: Kite allows about one quote request a second. */
const QUOTE_MAX_AGE_MS = 1000;

/**
 * Option chains from the options source's daily instruments list, cached per IST day, and option quotes.
 * An index's options are those filed under the index's ticker (NIFTY, BANKNIFTY…).
 */
export function createOptionChainService(deps: {
  source: OptionQuotesSource;
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
  /** Symbols whose last prices are being asked for now, and that asking. */
  const quotesOnTheWay = new Map<string, Promise<void>>();
  // One provider call at a time per kind, carrying every key asked for meanwhile (key-batcher.ts).
  const perCall = deps.source.maxKeysPerCall;
  const fetchLast = createKeyBatcher((keys) => deps.source.lastPaise(keys), perCall);
  const fetchDepth = createKeyBatcher((keys) => deps.source.quotes(keys), perCall);
  const fetchCloses = createKeyBatcher((keys) => deps.source.closesPaise(keys), perCall);

  /** Asks the provider for `keys`' last prices and keeps them (and the unquoted ones) for a second. */
  async function fetchQuotes(keys: string[], now: number): Promise<void> {
    await deps.ensureToken();
    const fetched: Array<[string, number, null]> = [];
    const data = await fetchLast(keys);
    // A quote's age counts from its answer, not from the asking: the call may wait up to a second for Kite's
    // quote rate, and a price stamped with the asking time would come back already a second old, so every
    // reader after it would wait for a call of its own (each screen read a second behind the pacer).
    const answeredAt = deps.now();
    for (const k of keys) {
      const paise = data.get(k);
      quoteCache.set(k, { paise: paise ?? null, at: answeredAt });
      if (paise !== undefined) fetched.push([k, paise, null]);
    }
    tell(fetched, now);
    // Old prices are dropped, never the ones just asked for: callers waiting on this asking read them next.
    if (quoteCache.size > 5000)
      for (const [k, hit] of quoteCache) if (now - hit.at >= QUOTE_MAX_AGE_MS) quoteCache.delete(k);
  }

  /**
   * What these option positions would hold in margin, in paise (`OptionQuotesSource.basketMarginPaise`): each
   * alone added up (`initialPaise`) and as one hedged basket (`finalPaise`).
   */
  async function basketMarginPaise(positions: readonly HeldOption[]): Promise<BasketMarginPaise> {
    if (positions.length === 0) return { initialPaise: 0, finalPaise: 0 };
    try {
      await deps.ensureToken();
      return await deps.source.basketMarginPaise(positions);
    } catch (err) {
      // In the provider's words (its refusal, its silence), never an address or a stack.
      throw marketDataFailure(err);
    }
  }

  let loading: Promise<{ byRoot: Map<string, ChainOption[]>; listed: Set<number> }> | null = null;

  async function load(): Promise<{ byRoot: Map<string, ChainOption[]>; listed: Set<number> }> {
    await deps.ensureToken();
    const byRoot = new Map<string, ChainOption[]>();
    const listed = new Set<number>();
    for (const row of await deps.source.instruments()) {
      listed.add(row.instrumentToken);
      const { option } = row;
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
     * Whether today's dump lists an instrument token the source must list (`OptionQuotesSource.mustList`);
     * null for a token it does not check, and when the dump cannot be had within `waitMs` (no market-data
     * token, the exchange unreachable): a caller then cannot tell, and should not refuse.
     */
    async lists(token: string, waitMs = 5000): Promise<boolean | null> {
      if (!deps.source.mustList(token)) return null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
      try {
        const day = await Promise.race([today(), late]);
        return day === null ? null : day.listed.has(Number(token));
      } catch {
        return null;
      } finally {
        clearTimeout(timer);
      }
    },

    basketMarginPaise,

    /** The margin these option positions would hold as one basket, in paise. */
    async heldMarginPaise(positions: readonly HeldOption[]): Promise<number> {
      return (await basketMarginPaise(positions)).finalPaise;
    },

    /** An option's instrument token by its trading symbol (today's dump), to stream its price. */
    async instrumentTokenOf(tradingSymbol: string): Promise<string | null> {
      const token = (await today()).bySymbol.get(tradingSymbol)?.instrumentToken;
      return token === undefined ? null : String(token);
    },

    /**
     * Previous-day closes in paise, keyed `EXCHANGE:SYMBOL`; a symbol not quoted, or with no close yet, is
     * left out. The caller keeps them for the day.
     */
    async closesPaise(keys: string[]): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      await deps.ensureToken();
      return fetchCloses(keys);
    },

    /**
     * Last traded prices in paise, keyed `EXCHANGE:SYMBOL`. Quotes younger than a second are reused,
     * so back-to-back candle closes stay within the provider's quote rate limit.
     */
    async quotesPaise(keys: string[]): Promise<Map<string, number>> {
      const now = deps.now();
      const fresh = (k: string) => {
        const hit = quoteCache.get(k);
        return hit && now - hit.at < QUOTE_MAX_AGE_MS ? hit : undefined;
      };
      // A symbol already being asked for (ten strategies closing together) waits for that answer: the
      // provider allows one quote call a second, not one per strategy.
      const missing = keys.filter((k) => !fresh(k) && !quotesOnTheWay.has(k));
      if (missing.length > 0) {
        const asking = fetchQuotes(missing, now);
        for (const k of missing) quotesOnTheWay.set(k, asking);
        void asking
          .finally(() => {
            for (const k of missing) if (quotesOnTheWay.get(k) === asking) quotesOnTheWay.delete(k);
          })
          .catch(() => undefined);
      }
      await Promise.all([...new Set(keys.flatMap((k) => quotesOnTheWay.get(k) ?? []))]);
      const out = new Map<string, number>();
      for (const k of keys) {
        // A symbol the provider did not quote (expired, unknown) is not asked for again within the second.
        const paise = quoteCache.get(k)?.paise;
        if (paise !== undefined && paise !== null) out.set(k, paise);
      }
      return out;
    },

    /**
     * Full quotes with depth (`maxKeysPerCall` a request), keyed `EXCHANGE:SYMBOL`, to price paper fills
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
      const data = await fetchDepth(missing);
      for (const k of missing) {
        const quote = data.get(k) ?? null;
        depthCache.set(k, { quote, at: now });
        // The last price too, so marks read in the same second do not ask the provider again (one call a second).
        quoteCache.set(k, { paise: quote?.lastPaise ?? null, at: now });
        if (quote) {
          out.set(k, quote);
          fetched.push([k, quote.lastPaise, quote]);
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
