import type { Clock } from '../../platform/clock.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import type { InstrumentsService } from '../instruments/instruments.service.js';
import type { OptionChainService } from '../market-data/option-chain.service.js';
import { registerAnalyticsRoutes } from './analytics.routes.js';
import { createAnalyticsService } from './analytics.service.js';

/**
 * Option analytics (issue 34, docs/architecture/analytics.md): the chain with IVs and greeks and the payoff
 * calculator, over market data's chains and quotes. No tables, no workers.
 */
export function createAnalyticsModule(deps: {
  clock: Clock;
  instruments: Pick<InstrumentsService, 'list'>;
  optionChains: Pick<OptionChainService, 'chainFor' | 'quotesPaise'>;
  spotPaise: (instrumentToken: string) => Promise<number | null>;
  holidays: HolidaySource;
}) {
  const analytics = createAnalyticsService({
    instruments: deps.instruments,
    chains: deps.optionChains,
    spotPaise: deps.spotPaise,
    holidays: deps.holidays,
    now: () => deps.clock.now(),
  });
  const routes: RegisterRoutes = (app, authenticate) => registerAnalyticsRoutes(app, authenticate, analytics);
  return { analytics, routes };
}
