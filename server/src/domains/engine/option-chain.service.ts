import type { KiteInstrument } from '../../protocols/kite-instruments-csv.js';
import type { KiteRest } from '../market-data/adapters/kite-rest-client.js';
import type { ChainOption } from '../rdx/rdx.logic.js';

const IST_OFFSET_MS = 19_800_000;
const istDay = (ms: number) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Option chains from Kite's daily instruments dump, cached per IST day, and option quotes.
 * An index's options are the dump rows whose `name` is the index's ticker (NIFTY, BANKNIFTY…).
 */
export function createOptionChainService(deps: {
  rest: KiteRest;
  now: () => number;
  ensureToken: () => Promise<string>;
}) {
  let cache: { day: string; byRoot: Map<string, ChainOption[]> } | null = null;
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

    /** Last traded prices in paise, keyed `EXCHANGE:SYMBOL`. */
    async quotesPaise(keys: string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      if (keys.length === 0) return out;
      await deps.ensureToken();
      const data = await deps.rest.ltp(keys);
      for (const k of keys) {
        const q = data[k];
        if (q) out.set(k, Math.round(q.last_price * 100));
      }
      return out;
    },

    /** Last price of an underlying by its token, paise. */
    async underlyingPaise(token: string): Promise<number | null> {
      return (await this.quotesPaise([token])).get(token) ?? null;
    },
  };
}

export type OptionChainService = ReturnType<typeof createOptionChainService>;
