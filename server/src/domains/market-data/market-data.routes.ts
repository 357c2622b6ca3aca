import { marketDataRoutes } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import type { CandlesRepository } from './candles.repository.js';
import type { HistoricalService } from './historical.service.js';
import type { LiveSyncService } from './live-sync.service.js';

export function registerMarketDataRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  deps: { historical: HistoricalService; liveSync: LiveSyncService; candles: CandlesRepository },
): void {
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
    return {
      candles: rows.map((c) => ({
        time: Math.floor(c.ts / 1000),
        open: Number(c.open),
        high: Number(c.high),
        low: Number(c.low),
        close: Number(c.close),
        volume: Number(c.volume),
      })),
    };
  });
  mount(app, authenticate, r.liveSyncStart, async () =>
    replied({ status: await deps.liveSync.start() }, 'Live sync started'),
  );
  mount(app, authenticate, r.liveSyncStop, async () =>
    replied({ status: await deps.liveSync.stop() }, 'Live sync stopped'),
  );
  mount(app, authenticate, r.liveSyncStatus, async () => ({ status: await deps.liveSync.status() }));
}
