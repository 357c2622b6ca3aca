import { IST_OFFSET_MS, toRupees } from '@app/contract';
/**
 * The Kite instruments the sandbox lists on a given IST day: its indices plus each option root's chain
 * (NSE's expiry calendar, holidays included: option-expiries.ts), centred on the underlying's price at IST
 * midnight so the list stays fixed for the day, like Kite's once-a-day dump.
 */
import type { KiteInstrument } from '../protocols/kite-instruments-csv.js';
import {
  buildOptionChain,
  contractFromToken,
  istDateString,
  OPTION_TICK_PAISE,
  type OptionContract,
} from './option-chain.js';
import type { PriceFeed } from './price-feed.js';
import { KITE_INDICES, OPTION_ROOTS, type KiteIndexSpec } from './sandbox-market.js';

/** An index row. */
export interface IndexInstrument {
  kind: 'index';
  instrumentToken: number;
  /** What its synthetic market figures are hashed from (option-chain.ts `marketKey`): its token. */
  marketKey: number;
  exchange: 'NSE';
  tradingsymbol: string;
  walkKey: string;
  spec: KiteIndexSpec;
}

/** An option row. */
export interface OptionInstrument {
  kind: 'option';
  instrumentToken: number;
  /** What its synthetic market figures are hashed from (option-chain.ts `marketKey`). */
  marketKey: number;
  exchange: 'NFO';
  tradingsymbol: string;
  walkKey: string;
  contract: OptionContract;
}

/** Anything the sandbox lists for Kite. */
export type SandboxInstrument = IndexInstrument | OptionInstrument;

/** One day's listing. */
export interface Universe {
  date: string;
  instruments: SandboxInstrument[];
  byToken: Map<number, SandboxInstrument>;
  /** Keyed `EXCHANGE:TRADINGSYMBOL`, as quote requests name instruments. */
  byKey: Map<string, SandboxInstrument>;
}

/** Lists instruments per IST day and resolves tokens, including those of contracts no longer listed. */
export interface UniverseSource {
  at(nowMs: number): Universe;
  resolveToken(token: number, nowMs: number): SandboxInstrument | null;
}

const DAY_MS = 86_400_000;

function indexInstrument(spec: KiteIndexSpec): IndexInstrument {
  const { instrumentToken, tradingsymbol } = spec;
  const walkKey = spec.walk.key;
  return { kind: 'index', instrumentToken, marketKey: instrumentToken, exchange: 'NSE', tradingsymbol, walkKey, spec };
}

function optionInstrument(contract: OptionContract): OptionInstrument {
  const { instrumentToken, tradingsymbol } = contract;
  return {
    kind: 'option',
    instrumentToken,
    marketKey: contract.marketKey,
    exchange: 'NFO',
    tradingsymbol,
    walkKey: contract.root.underlyingKey,
    contract,
  };
}

/** Builds the universe source over `feed`. */
export function createUniverseSource(feed: PriceFeed): UniverseSource {
  let cached: Universe | null = null;
  const indices = KITE_INDICES.map(indexInstrument);

  const build = (nowMs: number): Universe => {
    const istMidnight = Math.floor((nowMs + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
    const instruments: SandboxInstrument[] = [...indices];
    for (const root of OPTION_ROOTS) {
      const center = feed.priceAt(root.underlyingKey, istMidnight / 1000);
      instruments.push(...buildOptionChain(root, nowMs, center).map(optionInstrument));
    }
    return {
      date: istDateString(nowMs),
      instruments,
      byToken: new Map(instruments.map((i) => [i.instrumentToken, i])),
      byKey: new Map(instruments.map((i) => [`${i.exchange}:${i.tradingsymbol}`, i])),
    };
  };

  const at = (nowMs: number): Universe => {
    if (cached?.date !== istDateString(nowMs)) cached = build(nowMs);
    return cached;
  };

  return {
    at,
    resolveToken: (token, nowMs) => {
      const listed = at(nowMs).byToken.get(token);
      if (listed) return listed;
      const reference = (root: (typeof OPTION_ROOTS)[number]) =>
        feed.priceAt(root.underlyingKey, Math.floor(nowMs / 1000));
      const contract = contractFromToken(token, OPTION_ROOTS, nowMs, reference);
      return contract ? optionInstrument(contract) : null;
    },
  };
}

/** The instrument as a row of Kite's instruments dump; `lastPricePaise` fills `last_price`. */
export function toKiteInstrumentRow(instrument: SandboxInstrument, lastPricePaise: number): KiteInstrument {
  if (instrument.kind === 'index') {
    const { spec } = instrument;
    return {
      instrumentToken: spec.instrumentToken,
      exchangeToken: spec.exchangeToken,
      tradingsymbol: spec.tradingsymbol,
      name: spec.name,
      lastPrice: toRupees(lastPricePaise),
      expiry: null,
      strike: 0,
      tickSize: 0,
      lotSize: 0,
      instrumentType: 'EQ',
      segment: 'INDICES',
      exchange: 'NSE',
    };
  }
  const c = instrument.contract;
  return {
    instrumentToken: c.instrumentToken,
    exchangeToken: c.exchangeToken,
    tradingsymbol: c.tradingsymbol,
    name: c.root.root,
    lastPrice: toRupees(lastPricePaise),
    expiry: c.expiry,
    strike: toRupees(c.strikePaise),
    tickSize: toRupees(OPTION_TICK_PAISE),
    // NSE's current lot (NIFTY 65, BANKNIFTY 30 from the January 2026 expiries; sources in sandbox-market.ts
    // and docs/SANDBOX.md); the console sizes orders and syncs its instruments' lots from this column.
    lotSize: c.root.lotSize,
    instrumentType: c.type,
    segment: 'NFO-OPT',
    exchange: 'NFO',
  };
}
