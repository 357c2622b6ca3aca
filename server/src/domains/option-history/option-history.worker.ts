import { IST_ZONE, istDay, type Instrument, type LiveDataConfig } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Worker } from '../../platform/lifecycle.js';
import { marketState } from '../instruments/market-hours.logic.js';
import { OPTIONS_DATA_SOURCE } from '../market-data/hub.js';
import type { OptionChainService } from '../market-data/option-chain.service.js';
import { atmWindow } from './atm-window.logic.js';
import type { QuoteRecorder } from './quote-recorder.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * How long depth quotes are kept. The sweep alone writes about 42 a minute per followed index (some 6 million a
 * year, each with its book as JSON), so they are forgotten after a quarter; the 1-minute candles, small and what
 * most backtests price from, are kept.
 */
export const QUOTES_KEPT_MS = 90 * 24 * HOUR_MS;

export interface OptionHistoryWorkerDeps {
  recorder: QuoteRecorder;
  isLeader: () => boolean;
  isLiveSyncRunning: () => Promise<boolean>;
  liveConfigs: () => Promise<LiveDataConfig[]>;
  instruments: () => Promise<Instrument[]>;
  /** Whether an IST day (YYYY-MM-DD) is an NSE holiday: the exchange then serves the last session's quotes. */
  isNseHoliday: (day: string) => Promise<boolean>;
  chains: Pick<OptionChainService, 'chainFor' | 'optionQuotes'>;
  /** The underlying's last price in paise (the live stream's, else a quote), null when none. */
  spotPaise: (instrumentToken: string) => Promise<number | null>;
  /** Forgets the depth quotes older than an instant (the repository's `deleteQuotesBefore`). */
  forgetQuotesBefore: (before: number) => Promise<number>;
  logger: FastifyBaseLogger;
  now: () => number;
}

/**
 * The leader's `option-history` worker (issue 30). Every second: records while live sync runs, writes the
 * minutes that ended. Once an hour: forgets depth quotes older than QUOTES_KEPT_MS. Once a minute: quotes the ATM±10 strikes of the nearest expiry of each Kite index live
 * sync follows (its market open), all in one quote call, so history accrues with no strategy trading.
 */
export function createOptionHistoryWorker(deps: OptionHistoryWorkerDeps): Worker & { tick(at: number): Promise<void> } {
  let sweptMinute: number | null = null;
  let prunedHour: number | null = null;

  /** Once an hour, on the leader: quotes past their retention are forgotten. */
  async function prune(at: number) {
    const hour = at - (at % HOUR_MS);
    if (prunedHour === hour) return;
    prunedHour = hour;
    try {
      await deps.forgetQuotesBefore(at - QUOTES_KEPT_MS);
    } catch (err) {
      deps.logger.warn({ err }, 'could not forget old option quotes');
    }
  }

  /** `EXCHANGE:SYMBOL` of every option to quote this minute. */
  async function atmKeys(at: number): Promise<string[]> {
    const synced = new Set(
      (await deps.liveConfigs()).filter((c) => c.source === OPTIONS_DATA_SOURCE).map((c) => c.instrument_token),
    );
    const keys: string[] = [];
    const isHoliday = await deps.isNseHoliday(istDay(at));
    for (const i of await deps.instruments()) {
      if (!i.ticker || !synced.has(i.instrument_token)) continue;
      const hours = {
        marketOpenTime: i.market_open_time,
        marketCloseTime: i.market_close_time,
        timezone: i.timezone,
        tradingDays: i.trading_days,
      };
      if (!marketState(hours, at).isOpen || (isHoliday && i.timezone === IST_ZONE)) continue;
      const spot = await deps.spotPaise(i.instrument_token);
      if (spot === null) continue;
      const options = atmWindow(await deps.chains.chainFor(i.ticker), spot, istDay(at));
      for (const o of options) keys.push(`${o.exchange}:${o.tradingSymbol}`);
    }
    return keys;
  }

  async function sweep(at: number) {
    const minute = at - (at % MINUTE_MS);
    if (sweptMinute === minute) return;
    sweptMinute = minute;
    try {
      const keys = await atmKeys(at);
      // The fetch tells the recorder (option_quotes.fetched) before it returns.
      if (keys.length > 0) await deps.chains.optionQuotes(keys);
    } catch (err) {
      deps.logger.warn({ err }, 'could not quote the ATM strikes this minute');
    }
  }

  return {
    name: 'option-history',
    singleton: true,
    everyMs: 1000,
    start: () => Promise.resolve(),
    async tick(at) {
      const isRecording = deps.isLeader() && (await deps.isLiveSyncRunning());
      deps.recorder.setRecording(isRecording);
      if (isRecording) await sweep(at);
      await deps.recorder.flush(at);
      if (deps.isLeader()) await prune(at);
    },
    // What finished before the stop is kept; the minute still running is not a whole candle.
    stop: async () => {
      await deps.recorder.flush(deps.now());
      deps.recorder.setRecording(false);
    },
  };
}
