import type { DataSource, FetchHistorical } from '@app/contract';
import { fetchedRecords } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { localTime, zonedToUtc } from '../instruments/market-hours.logic.js';
import { PRICE_DECIMALS, type MarketAdapter } from './adapters/adapter.js';
import { providerRefusal } from './adapters/refusals.js';
import type { Candle } from './candles.logic.js';
import type { CandlesRepository } from './candles.repository.js';
import { marketDataFailure } from './market-data.errors.js';

/** Candle numbers as exact decimal strings (DESIGN §3: no float arithmetic on stored prices). */
export function toStoredCandle(c: Candle, source: DataSource) {
  const price = (n: number) => n.toFixed(PRICE_DECIMALS[source]).replace(/\.?0+$/, '') || '0';
  return {
    ts: c.ts,
    open: price(c.open),
    high: price(c.high),
    low: price(c.low),
    close: price(c.close),
    volume: c.volume.toFixed(8).replace(/\.?0+$/, '') || '0',
  };
}

/** SPEC §9 default range: from the start of yesterday to 23:59 today (IST). */
export function defaultRange(now: number): { from: number; to: number } {
  const t = localTime(now, 'Asia/Kolkata');
  const yesterday = new Date(Date.UTC(t.year, t.month - 1, t.day - 1));
  return {
    from: zonedToUtc(
      yesterday.getUTCFullYear(),
      yesterday.getUTCMonth() + 1,
      yesterday.getUTCDate(),
      0,
      'Asia/Kolkata',
    ),
    to: zonedToUtc(t.year, t.month, t.day, 23 * 60 + 59, 'Asia/Kolkata'),
  };
}

export function createHistoricalService(deps: {
  adapters: Partial<Record<DataSource, MarketAdapter>>;
  candles: CandlesRepository;
  clock: Clock;
  /** The provider refused the access token: forget it so the next call logs in again or asks for a new one. */
  onTokenRejected?: () => Promise<void>;
}) {
  return {
    /** Fetches a range from the provider and stores it idempotently; returns counts and SPEC's message. */
    async fetch(req: FetchHistorical) {
      const adapter = deps.adapters[req.source];
      if (!adapter) throw marketDataFailure(new Error(`No ${req.source} market data configured`));
      const range = defaultRange(deps.clock.now());
      const from = req.startDate ? Date.parse(req.startDate) : range.from;
      const to = Math.min(req.endDate ? Date.parse(req.endDate) : range.to, deps.clock.now());
      let candles: Candle[];
      try {
        candles = await adapter.fetchHistory({
          instrumentToken: req.instrumentToken,
          interval: req.interval,
          from,
          to,
        });
      } catch (err) {
        if (providerRefusal(err)?.kind === 'token_refused') await deps.onTokenRejected?.();
        throw marketDataFailure(err);
      }
      const recordsInserted = await deps.candles.upsert(
        { source: req.source, instrumentToken: req.instrumentToken, interval: req.interval },
        candles.map((c) => toStoredCandle(c, req.source)),
      );
      return {
        data: { recordsInserted, recordsFetched: candles.length },
        message: fetchedRecords(candles.length, req.source, recordsInserted),
      };
    },
  };
}

export type HistoricalService = ReturnType<typeof createHistoricalService>;
