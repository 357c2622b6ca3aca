import { marketDataRoutes } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import { toCandle } from './candles.presenter.js';
import type { CandlesRepository } from './candles.repository.js';
import type { HistoricalService } from './historical.service.js';
import type { LiveSyncService } from './live-sync.service.js';
import { marketDataFailure } from './market-data.errors.js';
import type { OptionChainService } from './option-chain.service.js';

export function registerMarketDataRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  deps: {
    historical: HistoricalService;
    liveSync: LiveSyncService;
    candles: CandlesRepository;
    optionChains: Pick<OptionChainService, 'reload'>;
  },
): void {
  mount(app, authenticate, marketDataRoutes.refreshFromExchange, async () => {
    try {
      const lotSizes = await deps.optionChains.reload();
      return {
        lot_sizes: [...lotSizes]
          .map(([ticker, lotSize]) => ({ ticker, lot_size: lotSize }))
          .sort((a, b) => a.ticker.localeCompare(b.ticker)),
      };
    } catch (err) {
      throw marketDataFailure(err);
    }
  });
  const r = marketDataRoutes;
  mount(app, authenticate, r.fetch, async ({ body }) => {
    const result = await deps.historical.fetch(body);
    return replied(result.data, result.message);
  });
  mount(app, authenticate, r.candles, async ({ query }) => {
    const rows = await deps.candles.latest(
      { source: query.source, instrumentToken: query.instrumentToken, interval: query.interval },
      query.limit,
    );
    return { candles: rows.map(toCandle) };
  });
  mount(app, authenticate, r.liveSyncStart, async () =>
    replied({ status: await deps.liveSync.start() }, 'Live sync started'),
  );
  mount(app, authenticate, r.liveSyncStop, async () =>
    replied({ status: await deps.liveSync.stop() }, 'Live sync stopped'),
  );
  mount(app, authenticate, r.liveSyncStatus, async () => ({ status: await deps.liveSync.status() }));
}
