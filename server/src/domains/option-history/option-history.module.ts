import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import type { InstrumentsService } from '../instruments/instruments.service.js';
import type { LiveConfigsService } from '../market-data/live-configs.service.js';
import type { LiveSyncService } from '../market-data/live-sync.service.js';
import type { OptionChainService } from '../market-data/option-chain.service.js';
import { createOptionHistoryRepository } from './option-history.repository.js';
import { registerOptionHistoryRoutes } from './option-history.routes.js';
import { createOptionHistoryService } from './option-history.service.js';
import { createOptionHistoryWorker } from './option-history.worker.js';
import { createQuoteRecorder } from './quote-recorder.js';

/**
 * Option history (issue 30, docs/architecture/option-history.md): option candles recorded from the quotes the
 * console fetches (heard on `option_quotes.fetched`; market data knows nothing of these tables) and imported
 * from brokers' files, depth quotes for paper fills, and the read backtests price from.
 */
export function createOptionHistoryModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  events: DomainEventBus;
  logger: FastifyBaseLogger;
  isLeader: () => boolean;
  holidays: HolidaySource;
  liveSync: Pick<LiveSyncService, 'status'>;
  liveConfigs: Pick<LiveConfigsService, 'list'>;
  instruments: Pick<InstrumentsService, 'list'>;
  optionChains: Pick<OptionChainService, 'chainFor' | 'optionQuotes'>;
  /** The underlying's last price in paise, null when none. */
  spotPaise: (instrumentToken: string) => Promise<number | null>;
}) {
  const repo = createOptionHistoryRepository(deps.db);
  const history = createOptionHistoryService({ repo, holidays: deps.holidays });
  const recorder = createQuoteRecorder(repo);
  deps.events.subscribe('option_quotes.fetched', ({ quotes, at }) => recorder.hear(quotes, at));
  const worker = createOptionHistoryWorker({
    recorder,
    isLeader: deps.isLeader,
    isLiveSyncRunning: async () => (await deps.liveSync.status()).isRunning,
    liveConfigs: () => deps.liveConfigs.list(),
    instruments: () => deps.instruments.list(),
    isNseHoliday: async (day) => (await deps.holidays.holidaysFrom(day)).some((h) => h.date === day),
    chains: deps.optionChains,
    spotPaise: deps.spotPaise,
    forgetQuotesBefore: (before) => repo.deleteQuotesBefore(before),
    logger: deps.logger,
    now: () => deps.clock.now(),
  });
  const routes: RegisterRoutes = (app, authenticate) => registerOptionHistoryRoutes(app, authenticate, history);
  return { history, worker, routes, workers: [worker] };
}
