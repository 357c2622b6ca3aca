import { istDay } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import {
  legDeltaVega,
  legGreeks,
  sumGreeks,
  unitGreeks,
  type GreeksTotals,
  type LegGreeks,
  type UnitGreeks,
} from '../analytics/position-greeks.logic.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import type { MappingFacts } from './ledger.repository.js';
import type { Marked, Settled, SymbolInfo } from './positions.logic.js';

/** What of a booked strategy (positions.service.ts `Booked`) its greeks need. */
interface BookedOptions {
  mapping: Pick<MappingFacts, 'instrumentToken'>;
  settled: Settled;
  info: ReadonlyMap<string, SymbolInfo>;
}

/** An underlying's last price in paise by its instrument token; null when none (may throw when no feed answers). */
export type SpotSource = (instrumentToken: string) => Promise<number | null>;

/** Per-unit greeks by quote key (`EXCHANGE:SYMBOL`); a key absent or null has none. */
export type UnitGreeksByKey = ReadonlyMap<string, UnitGreeks | null>;

/** A marked strategy's greeks: one per leg of `Marked.legs` (null: none), and their sums. */
export interface MarkedGreeks {
  legs: Array<LegGreeks | null>;
  totals: GreeksTotals;
}

/** The market the open options are priced against: the minute (floored), the holidays, spots by token. */
export interface GreeksMarketNow {
  minute: number;
  holidays: ReadonlySet<string>;
  spots: ReadonlyMap<string, number>;
}

const MINUTE_MS = 60_000;
const BACKOFF_MS = 5000;
const MEMO_LIMIT = 20_000;

/** An open symbol the greeks can be had for: an option whose leg record says what it is. */
const isOption = (info: SymbolInfo | undefined): info is SymbolInfo & { optionType: 'CE' | 'PE' } =>
  info?.optionType === 'CE' || info?.optionType === 'PE';

/**
 * The greeks of open legs for the positions screens and `positions_updated` (issue 34, docs/ANALYTICS.md): each
 * quoted option's IV and per-unit greeks (analytics' position-greeks.logic.ts), at the same quotes the legs are
 * marked at and its underlying's spot. Solved once per option per change of its quote, its spot or the minute
 * (time to expiry is counted to the minute), not per request: the feed's tick and every screen share the memo.
 */
export function createPositionsGreeks(deps: {
  spotPaise: SpotSource;
  holidays: HolidaySource;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  const memo = new Map<string, { stamp: string; unit: UnitGreeks | null }>();
  /** The NSE holidays from today on, read again each minute (an admin may add one). */
  let holidays: { minute: number; days: ReadonlySet<string> } = { minute: -1, days: new Set() };
  let spotsDownUntil = 0;

  async function holidaysAt(minute: number): Promise<ReadonlySet<string>> {
    if (holidays.minute === minute) return holidays.days;
    const days = new Set((await deps.holidays.holidaysFrom(istDay(minute))).map((h) => h.date));
    holidays = { minute, days };
    return days;
  }

  /** Each underlying's spot, asked once per call; none for a while after the feed failed. */
  async function spotsOf(tokens: ReadonlySet<string>, now: number): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (now < spotsDownUntil) return out;
    try {
      const got = await Promise.all([...tokens].map(async (t) => [t, await deps.spotPaise(t)] as const));
      for (const [token, paise] of got) if (paise !== null) out.set(token, paise);
    } catch (err) {
      spotsDownUntil = now + BACKOFF_MS;
      deps.logger.warn({ err }, 'no underlying price for the greeks of open legs; left out for a while');
    }
    return out;
  }

  /** The underlyings' instrument tokens of the booked strategies that hold an open option. */
  function tokensOf(booked: readonly BookedOptions[]): Set<string> {
    const tokens = new Set<string>();
    for (const b of booked) {
      const token = b.mapping.instrumentToken;
      if (token === null || tokens.has(token)) continue;
      for (const s of b.settled.book.symbols.values()) {
        if (s.netQuantity !== 0 && isOption(b.info.get(s.tradingSymbol))) {
          tokens.add(token);
          break;
        }
      }
    }
    return tokens;
  }

  return {
    /**
     * What the booked strategies' options are priced against now: their underlyings' spots, the holidays and the
     * minute. Read beside the legs' quotes (it needs none of them), so the greeks add no round trip to a mark.
     */
    async marketFor(booked: readonly BookedOptions[]): Promise<GreeksMarketNow> {
      const now = deps.clock.now();
      const minute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
      const tokens = tokensOf(booked);
      if (tokens.size === 0) return { minute, holidays: new Set(), spots: new Map() };
      const [days, spots] = await Promise.all([holidaysAt(minute), spotsOf(tokens, now)]);
      return { minute, holidays: days, spots };
    },

    /** Per-unit greeks of the booked strategies' quoted open options (`quotes`: the marks' quotes). */
    unitsFor(
      booked: readonly BookedOptions[],
      quotes: ReadonlyMap<string, number>,
      market: GreeksMarketNow,
    ): UnitGreeksByKey {
      const out = new Map<string, UnitGreeks | null>();
      if (market.spots.size === 0) return out;
      if (memo.size > MEMO_LIMIT) memo.clear();
      for (const b of booked) {
        const spot = b.mapping.instrumentToken === null ? undefined : market.spots.get(b.mapping.instrumentToken);
        if (spot === undefined) continue;
        for (const s of b.settled.book.symbols.values()) {
          const info = b.info.get(s.tradingSymbol);
          if (s.netQuantity === 0 || !isOption(info)) continue;
          const key = `${info.exchange}:${s.tradingSymbol}`;
          const ltp = quotes.get(key);
          if (ltp === undefined || out.has(key)) continue;
          const stamp = `${ltp}|${spot}|${market.minute}`;
          const hit = memo.get(key);
          if (hit?.stamp === stamp) {
            out.set(key, hit.unit);
            continue;
          }
          const unit = unitGreeks(
            { optionType: info.optionType, strikePaise: info.strikePaise, expiry: info.expiry, ltpPaise: ltp },
            { spotPaise: spot, now: market.minute, holidays: market.holidays },
          );
          memo.set(key, { stamp, unit });
          out.set(key, unit);
        }
      }
      return out;
    },
  };
}

export type PositionsGreeks = ReturnType<typeof createPositionsGreeks>;

/** No spot or calendar wired: no leg has greeks. */
export const NO_GREEKS: Pick<PositionsGreeks, 'marketFor' | 'unitsFor'> = {
  marketFor: () => Promise.resolve({ minute: 0, holidays: new Set(), spots: new Map() }),
  unitsFor: () => new Map(),
};

/** An open leg by its quote key (`EXCHANGE:SYMBOL`) and its quantity (> 0 sold), as a portfolio sums it. */
export interface OpenLegKey {
  key: string;
  quantity: number;
}

/** A booked strategy's open legs by quote key: what `markToMarket` marks, without its P&L. */
export function openLegKeysOf(settled: Settled, info: ReadonlyMap<string, SymbolInfo>): OpenLegKey[] {
  const legs: OpenLegKey[] = [];
  for (const s of settled.book.symbols.values()) {
    if (s.netQuantity === 0) continue;
    legs.push({ key: `${info.get(s.tradingSymbol)?.exchange ?? 'NFO'}:${s.tradingSymbol}`, quantity: s.netQuantity });
  }
  return legs;
}

/**
 * Open legs' net delta (ten-thousandths) and vega (paise) at `quotes` and `units`: the same figures as
 * `greeksOfMarked(markToMarket(…)).totals` (a leg with no live quote, or no greeks, left out as there).
 */
export function netDeltaVegaOf(
  legs: readonly OpenLegKey[],
  quotes: ReadonlyMap<string, number>,
  units: UnitGreeksByKey,
): { deltaE4: number; vegaPaise: number } {
  let deltaE4 = 0;
  let vegaPaise = 0;
  for (const { key, quantity } of legs) {
    const unit = quotes.has(key) ? units.get(key) : undefined;
    if (!unit) continue;
    const leg = legDeltaVega(unit, quantity);
    deltaE4 += leg.deltaE4;
    vegaPaise += leg.vegaPaise;
  }
  return { deltaE4, vegaPaise };
}

/**
 * A marked strategy's leg greeks at `units` and their sums. A leg marked at its last fill (no live quote) has
 * none: a fill's price against today's spot would give a made-up IV.
 */
export function greeksOfMarked(marked: Marked, units: UnitGreeksByKey): MarkedGreeks {
  const legs = marked.legs.map((l) => {
    if (l.ltpIsStale) return null;
    const unit = units.get(`${l.exchange}:${l.tradingSymbol}`);
    return unit ? legGreeks(unit, l.quantity) : null;
  });
  return { legs, totals: sumGreeks(legs) };
}
