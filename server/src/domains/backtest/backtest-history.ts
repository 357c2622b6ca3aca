import type { BacktestIvSource, CreateBacktest } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../platform/errors.js';
import { OPTIONS_DATA_SOURCE } from '../market-data/hub.js';
import { hasIndiaVix, INDIA_VIX } from './india-vix.js';

/** Whether the console holds what a run needs over its range; a 400 naming the field when it does not. */
export function createHistoryCheck(db: Kysely<DB>) {
  return async function checkHistory(req: {
    instrument: { instrumentToken: string; ticker: string | null; name: string };
    interval: CreateBacktest['interval'];
    fromAt: number;
    toAt: number;
    priceSource: CreateBacktest['price_source'];
    ivSource: BacktestIvSource | null;
  }): Promise<void> {
    // Its own interval's candles, or minutes to fold into them (backtest-data.ts).
    const candle = await db
      .selectFrom('candles')
      .select('ts')
      .where('source', '=', OPTIONS_DATA_SOURCE)
      .where('instrumentToken', '=', req.instrument.instrumentToken)
      .where('interval', 'in', [req.interval, '1m'])
      .where('ts', '>=', req.fromAt)
      .where('ts', '<', req.toAt)
      .limit(1)
      .executeTakeFirst();
    if (!candle) {
      throw badRequest(
        `from: the console holds no candles of ${req.instrument.name} in this range (an admin fetches its history on the Data tab)`,
        { field: 'from' },
      );
    }
    if (req.ivSource === 'india_vix' && !(await hasIndiaVix(db, req.fromAt, req.toAt))) {
      throw badRequest(
        `model_iv_source: the console holds no ${INDIA_VIX.name} candles in this range (an admin adds ${INDIA_VIX.name}, token ${INDIA_VIX.instrumentToken}, and fetches its history on the Data tab)`,
        { field: 'model_iv_source' },
      );
    }
    if (req.priceSource === 'model') return;
    const { n } = await db
      .selectFrom('optionCandles')
      .select(sql<number>`count(*)`.as('n'))
      .where('underlying', '=', req.instrument.ticker ?? '')
      .where('source', '=', req.priceSource)
      .where('ts', '>=', req.fromAt)
      .where('ts', '<', req.toAt)
      .executeTakeFirstOrThrow();
    if (Number(n) === 0) {
      const how = req.priceSource === 'recorded' ? 'recorded while live sync ran' : 'imported';
      throw badRequest(
        `price_source: no option candles of ${req.instrument.ticker ?? req.instrument.name} ${how} in this range`,
        {
          field: 'price_source',
        },
      );
    }
  };
}
