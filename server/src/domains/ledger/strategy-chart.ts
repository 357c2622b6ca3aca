import {
  instrumentTokenError,
  istMidnight,
  type DataInterval,
  type DataSource,
  type StrategyChart,
} from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { toRupees } from '../../platform/time.js';
import { notFound } from '../../platform/errors.js';
import { canReach, type Actor } from '../../platform/ownership.js';
import { OPTIONS_DATA_SOURCE } from '../market-data/hub.js';
import { toTransaction } from '../transactions/transactions.presenter.js';
import type { LedgerRepository } from './ledger.repository.js';

/** Stored candles of a series, newest `limit`, oldest first; prices as the market-data domain keeps them. */
export type CandleSource = (
  key: { source: DataSource; instrumentToken: string; interval: DataInterval },
  limit: number,
) => Promise<StrategyChart['candles']>;

const MAX_FILLS = 2000;
const MAX_CANDLES = 1500;
/** Without an RDX configuration the chart still shows the day, at a common interval. */
const DEFAULT_INTERVAL: DataInterval = '15m';

/** A strategy's chart for its owner (and admins): the underlying's candles and today's fills. */
export function createStrategyChart(deps: { repo: LedgerRepository; candles: CandleSource; clock: Clock }) {
  return async function chartOf(actor: Actor, mappingId: number): Promise<StrategyChart> {
    const facts = await deps.repo.chartFacts(mappingId);
    if (!facts || !canReach(actor, facts.userId)) throw notFound('Strategy');
    const source: DataSource =
      instrumentTokenError(OPTIONS_DATA_SOURCE, facts.instrumentToken) === null ? OPTIONS_DATA_SOURCE : 'binance';
    const interval: DataInterval = facts.interval ?? DEFAULT_INTERVAL;
    const since = istMidnight(deps.clock.now());
    const [candles, fills, marks] = await Promise.all([
      deps.candles({ source, instrumentToken: facts.instrumentToken, interval }, MAX_CANDLES),
      deps.repo.fillsSince(mappingId, since, MAX_FILLS + 1),
      deps.repo.marksSince(mappingId, since),
    ]);
    const kept = fills.length > MAX_FILLS ? fills.slice(fills.length - MAX_FILLS) : fills;
    return {
      user_strategy_mapping_id: mappingId,
      instrument_name: facts.instrumentName,
      source,
      interval,
      candles,
      fills: kept.map((r) =>
        toTransaction({ ...r, transactionDate: Number(r.transactionDate), pricePaise: Number(r.pricePaise) }),
      ),
      fills_truncated: fills.length > MAX_FILLS,
      marks: marks.map((m) => ({ time: Math.floor(m.at / 1000), mtm: toRupees(m.realizedPaise + m.unrealizedPaise) })),
    };
  };
}
