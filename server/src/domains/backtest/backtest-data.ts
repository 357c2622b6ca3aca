import type { StrategyInterval } from '@app/contract';
import { toPaise } from '@app/contract';
import type { Kysely } from 'kysely';
import type { DB, InstrumentRow } from '../../db/schema.js';
import { aggregate, sessionBuckets, type Candle } from '../market-data/candles.logic.js';
import type { UnderlyingCandle, UnderlyingMinute } from './backtest.types.js';
import { OPTIONS_DATA_SOURCE } from '../market-data/hub.js';

/*
 * The history a backtest reads from the console's own stores: the underlying's candles (as live sync and the
 * history fetch keep them), folded from 1-minute candles when the interval's own are not stored.
 */

async function stored(db: Kysely<DB>, token: string, interval: string, fromAt: number, toAt: number) {
  return db
    .selectFrom('candles')
    .select(['ts', 'open', 'high', 'low', 'close', 'volume'])
    .where('source', '=', OPTIONS_DATA_SOURCE)
    .where('instrumentToken', '=', token)
    .where('interval', '=', interval as StrategyInterval)
    .where('ts', '>=', fromAt)
    .where('ts', '<', toAt)
    .orderBy('ts')
    .execute();
}

const toCandle = (r: Awaited<ReturnType<typeof stored>>[number]): Candle => ({
  ts: Number(r.ts),
  open: Number(r.open),
  high: Number(r.high),
  low: Number(r.low),
  close: Number(r.close),
  volume: Number(r.volume),
});

/**
 * The underlying's candles of `interval` that start in [fromAt, toAt), oldest first, in paise: the interval's own
 * when stored, else its 1-minute candles folded into the session's buckets.
 */
export async function underlyingCandles(
  db: Kysely<DB>,
  instrument: Pick<InstrumentRow, 'instrumentToken' | 'timezone' | 'marketOpenTime'>,
  interval: StrategyInterval,
  fromAt: number,
  toAt: number,
): Promise<UnderlyingCandle[]> {
  let candles = (await stored(db, instrument.instrumentToken, interval, fromAt, toAt)).map(toCandle);
  if (candles.length === 0 && interval !== '1m') {
    const minutes = (await stored(db, instrument.instrumentToken, '1m', fromAt, toAt)).map(toCandle);
    candles = aggregate(minutes, sessionBuckets(interval, instrument));
  }
  return candles.map((c) => ({
    ts: c.ts,
    openPaise: toPaise(c.open),
    closePaise: toPaise(c.close),
    highPaise: toPaise(c.high),
    lowPaise: toPaise(c.low),
  }));
}

/**
 * The underlying's stored 1-minute candles starting in [fromAt, toAt), oldest first, in paise: what a strategy
 * acting between its closes (a Multi-leg leg's stop) is judged on. None stored: it is judged on its closes alone.
 */
export async function underlyingMinutes(
  db: Kysely<DB>,
  instrument: Pick<InstrumentRow, 'instrumentToken'>,
  fromAt: number,
  toAt: number,
): Promise<UnderlyingMinute[]> {
  return (await stored(db, instrument.instrumentToken, '1m', fromAt, toAt)).map((r) => ({
    ts: Number(r.ts),
    openPaise: toPaise(Number(r.open)),
    highPaise: toPaise(Number(r.high)),
    lowPaise: toPaise(Number(r.low)),
    closePaise: toPaise(Number(r.close)),
  }));
}
