import { istDay } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import {
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

  return {
    /** Per-unit greeks of the booked strategies' quoted open options (`quotes`: the marks' quotes). */
    async unitsFor(booked: readonly BookedOptions[], quotes: ReadonlyMap<string, number>): Promise<UnitGreeksByKey> {
      const wanted: Array<{ key: string; token: string; info: SymbolInfo & { optionType: 'CE' | 'PE' }; ltp: number }> =
        [];
      for (const b of booked) {
        const token = b.mapping.instrumentToken;
        if (token === null) continue;
        for (const s of b.settled.book.symbols.values()) {
          const info = b.info.get(s.tradingSymbol);
          if (s.netQuantity === 0 || !isOption(info)) continue;
          const key = `${info.exchange}:${s.tradingSymbol}`;
          const ltp = quotes.get(key);
          if (ltp !== undefined) wanted.push({ key, token, info, ltp });
        }
      }
      const out = new Map<string, UnitGreeks | null>();
      if (wanted.length === 0) return out;
      const now = deps.clock.now();
      const minute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
      const [days, spots] = await Promise.all([holidaysAt(minute), spotsOf(new Set(wanted.map((w) => w.token)), now)]);
      if (memo.size > MEMO_LIMIT) memo.clear();
      for (const { key, token, info, ltp } of wanted) {
        const spot = spots.get(token);
        if (spot === undefined) continue;
        const stamp = `${ltp}|${spot}|${minute}`;
        const hit = memo.get(key);
        if (hit?.stamp === stamp) {
          out.set(key, hit.unit);
          continue;
        }
        const unit = unitGreeks(
          { optionType: info.optionType, strikePaise: info.strikePaise, expiry: info.expiry, ltpPaise: ltp },
          { spotPaise: spot, now: minute, holidays: days },
        );
        memo.set(key, { stamp, unit });
        out.set(key, unit);
      }
      return out;
    },
  };
}

export type PositionsGreeks = ReturnType<typeof createPositionsGreeks>;

/** No spot or calendar wired: no leg has greeks. */
export const NO_GREEKS: Pick<PositionsGreeks, 'unitsFor'> = { unitsFor: () => Promise.resolve(new Map()) };

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
