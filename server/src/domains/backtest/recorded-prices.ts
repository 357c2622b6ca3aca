import { IST_OFFSET_MS } from '@app/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { optionTradingSymbol } from '../../sandbox/option-chain.js';
import type { ChainOption, OptionCandle } from '../strategies/decision.logic.js';
import type { OptionQuote, QuoteLevel } from '../market-data/option-chain.service.js';
import type { PriceSource } from './backtest-engine.js';
import { listedRoot } from './option-roots.logic.js';

/*
 * The `recorded` and `imported` price sources: the option candles the console stored (recorded while live sync
 * ran, or imported from a broker's export), a day at a time. A contract is in a close's chain when it has a candle
 * that day; its price at a close is the close of its minute ending then, at the next open the open of the minute
 * starting then: exactly that minute, never a neighbour's (a missing one is reported, not filled). The `paper` fill
 * model reads the depth the console recorded when paper trading asked for a quote.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** How long after a close a recorded quote still stands for the quote a paper order read then. */
const QUOTE_WINDOW_MS = 60_000;

type Minute = OptionCandle;

export function recordedPriceSource(
  db: Kysely<DB>,
  underlying: string,
  source: 'recorded' | 'imported',
  holidays: ReadonlyArray<{ date: string }>,
): PriceSource {
  const root = listedRoot(underlying, holidays);
  let loaded: { dayNumber: number; chain: ChainOption[]; minutes: Map<string, Map<number, Minute>> } | null = null;

  async function day(at: number) {
    const dayNumber = Math.floor((at - MINUTE_MS + IST_OFFSET_MS) / DAY_MS);
    if (loaded?.dayNumber === dayNumber) return loaded;
    const start = dayNumber * DAY_MS - IST_OFFSET_MS;
    const rows = await db
      .selectFrom('optionCandles')
      .select(['expiry', 'strikePaise', 'optionType', 'ts', 'openPaise', 'highPaise', 'lowPaise', 'closePaise'])
      .where('underlying', '=', underlying)
      .where('source', '=', source)
      .where('ts', '>=', start)
      .where('ts', '<', start + DAY_MS + MINUTE_MS)
      .orderBy('ts')
      .execute();
    const day = new Date(start + IST_OFFSET_MS).toISOString().slice(0, 10);
    const chain = new Map<string, ChainOption>();
    const minutes = new Map<string, Map<number, Minute>>();
    for (const r of rows) {
      const strikePaise = Number(r.strikePaise);
      const isMonthly = root?.isMonthly(r.expiry) ?? false;
      const tradingSymbol = optionTradingSymbol(underlying, { date: r.expiry, isMonthly }, strikePaise, r.optionType);
      if (!chain.has(tradingSymbol)) {
        chain.set(tradingSymbol, {
          tradingSymbol,
          exchange: 'NFO',
          strikePaise,
          expiry: r.expiry,
          optionType: r.optionType,
          lotSize: root?.lotOn(r.expiry, day) ?? 0,
          instrumentToken: 0,
        });
        minutes.set(tradingSymbol, new Map());
      }
      minutes.get(tradingSymbol)!.set(Number(r.ts), {
        openPaise: Number(r.openPaise),
        highPaise: Number(r.highPaise),
        lowPaise: Number(r.lowPaise),
        closePaise: Number(r.closePaise),
      });
    }
    loaded = { dayNumber, chain: [...chain.values()], minutes };
    return loaded;
  }

  const levels = (text: string): QuoteLevel[] => JSON.parse(text) as QuoteLevel[];

  return {
    chainAt: async (at) => (await day(at)).chain,
    async optionPaise(symbol, at, when) {
      const minutes = (await day(at)).minutes.get(symbol);
      if (when === 'close') return minutes?.get(at - MINUTE_MS)?.closePaise ?? null;
      return minutes?.get(at)?.openPaise ?? null;
    },
    // The option's own recorded minute, never a neighbour's.
    optionCandle: async (symbol, minute) =>
      (await day(minute.ts + MINUTE_MS)).minutes.get(symbol)?.get(minute.ts) ?? null,
    async depthAt(symbol, at): Promise<OptionQuote | null> {
      const q = await db
        .selectFrom('optionQuotes')
        .select(['ltpPaise', 'bids', 'asks'])
        .where('tradingSymbol', '=', symbol)
        .where('at', '>=', at)
        .where('at', '<', at + QUOTE_WINDOW_MS)
        .orderBy('at')
        .limit(1)
        .executeTakeFirst();
      return q ? { lastPaise: Number(q.ltpPaise), bids: levels(q.bids), asks: levels(q.asks) } : null;
    },
  };
}
