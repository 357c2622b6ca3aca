import { toPaise } from '@app/contract';
import type { KiteInstrument } from '../../../protocols/kite-instruments-csv.js';
import {
  createKiteRest,
  type KiteMarginOrder,
  type KiteQuote,
  type KiteRest,
  marginHeldPaise,
} from '../../../protocols/kite-rest-client.js';
import { KiteApiError } from '../../../protocols/kite-rest.js';
import { kiteReadPacing } from '../../../protocols/kite-read-pacer.js';
import { KITE_SEGMENT } from '../../../protocols/kite-ticker.js';
import type { RetryOptions } from '../../../platform/outbound.js';
import type {
  ChainOption,
  HeldOption,
  MarketAdapter,
  OptionQuote,
  OptionQuotesSource,
  QuoteLevel,
  RefusalReader,
} from './adapter.js';
import { createKiteAdapter, type KiteAdapterOptions } from './kite-adapter.js';

/** Kite takes at most 500 `i` keys a quote request. */
const KEYS_PER_QUOTE_REQUEST = 500;

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

/** A row of Kite's instruments dump as a chain option: CE/PE rows with an expiry, strike in paise. */
function toOption(i: KiteInstrument): ChainOption | null {
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
}

/**
 * Kite numbers every instrument `exchange_token × 256 + segment` (kiteconnect's ticker reads the segment from
 * the low byte the same way). An index (INDICES) or an F&O contract (NFO) is only real if the exchange's
 * instruments list names it: the RDX strategy streams the index and trades its options. Binance symbols and
 * other numbers are not checked here.
 */
export function mustBeListed(instrumentToken: string): boolean {
  if (!/^\d+$/.test(instrumentToken)) return false;
  const segment = Number(instrumentToken) % 256;
  return segment === KITE_SEGMENT.indices || segment === KITE_SEGMENT.nfo;
}

/** The requested keys Kite quoted, each read by `read`; `read` returning null leaves the key out. */
function byKey<Q, T>(keys: readonly string[], data: Record<string, Q>, read: (q: Q) => T | null): Map<string, T> {
  const out = new Map<string, T>();
  for (const k of keys) {
    const q = data[k];
    const value = q === undefined ? null : read(q);
    if (value !== null) out.set(k, value);
  }
  return out;
}

/**
 * Kite's daily instruments dump and its quotes (`/quote/ltp`, `/quote/ohlc`, `/quote`) as option chains read
 * them. An index's options are the dump rows whose `name` is the index's ticker (NIFTY, BANKNIFTY…).
 */
export function createKiteQuotesSource(rest: KiteRest): OptionQuotesSource {
  return {
    maxKeysPerCall: KEYS_PER_QUOTE_REQUEST,
    mustList: mustBeListed,
    async instruments() {
      return (await rest.instruments()).map((i) => ({
        instrumentToken: i.instrumentToken,
        name: i.name,
        option: toOption(i),
      }));
    },
    async lastPaise(keys) {
      return byKey(keys, await rest.ltp(keys), (q) => toPaise(q.last_price));
    },
    // `ohlc.close` is the previous trading day's close; 0 until there is one.
    async closesPaise(keys) {
      return byKey(keys, await rest.ohlc(keys), (q) => (q.ohlc.close > 0 ? toPaise(q.ohlc.close) : null));
    },
    async quotes(keys) {
      return byKey(keys, await rest.quote(keys), toOptionQuote);
    },
    async basketMarginPaise(positions) {
      if (positions.length === 0) return { initialPaise: 0, finalPaise: 0 };
      const { initial, final } = await rest.basketMargins(positions.map(toMarginOrder));
      return { initialPaise: marginHeldPaise(initial), finalPaise: marginHeldPaise(final) };
    },
  };
}

/** A held option as the margin calculator's order that would open it (NRML: the product our orders carry). */
function toMarginOrder(p: HeldOption): KiteMarginOrder {
  return {
    exchange: p.exchange,
    tradingsymbol: p.tradingSymbol,
    transaction_type: p.quantity > 0 ? 'SELL' : 'BUY',
    variety: 'regular',
    product: 'NRML',
    order_type: 'MARKET',
    quantity: Math.abs(p.quantity),
    price: 0,
  };
}

/** Kite's error replies in the trader's words: a TokenException is a refused access token. */
export const kiteRefusal: RefusalReader = (err) => {
  if (!(err instanceof KiteApiError)) return null;
  const kind = err.errorType === 'TokenException' ? 'token_refused' : 'upstream';
  return { kind, provider: 'Kite', message: err.message };
};

/**
 * Kite as a market-data source: one REST client (sent with the market-data token as last had) for candle
 * history, the instruments dump and quotes, and the ticker for the live stream.
 */
export function createKiteSource(
  opts: Omit<KiteAdapterOptions, 'rest' | 'wsRoot' | 'apiKey'> & {
    config: { apiRoot: string; wsRoot: string; apiKey: string; quotesPerSecond?: number | undefined };
    /** The market-data token as last had, sent on REST calls (null: none yet). */
    cachedAccessToken: () => string | null;
    retry: RetryOptions;
  },
): { adapter: MarketAdapter; quotes: OptionQuotesSource } {
  const { config, cachedAccessToken, retry, ...stream } = opts;
  const rest = createKiteRest({
    apiRoot: config.apiRoot,
    apiKey: config.apiKey,
    accessToken: cachedAccessToken,
    retry,
    // Within Kite's read limits for the console's app, in line with its accounts' reads on the same key.
    paceRead: kiteReadPacing(config.apiKey, config.quotesPerSecond),
  });
  return {
    adapter: createKiteAdapter({ ...stream, rest, wsRoot: config.wsRoot, apiKey: config.apiKey }),
    quotes: createKiteQuotesSource(rest),
  };
}
