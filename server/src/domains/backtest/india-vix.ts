import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { INTERVAL_MS } from '../market-data/candles.logic.js';
import { OPTIONS_DATA_SOURCE } from '../market-data/hub.js';
import { VIX_STALE_MS, type VixReading } from './india-vix.logic.js';

/**
 * India VIX as Kite lists it: NSE index "INDIA VIX", instrument token 264969 (Kite's instrument dump,
 * segment INDICES). Its candles are the console's own, fetched like any instrument's on the Data tab once
 * an admin has added the instrument.
 */
export const INDIA_VIX = { name: 'INDIA VIX', instrumentToken: '264969' } as const;

/** The stored VIX candles a close in [fromAt, toAt) may read: from far enough back for the range's first closes. */
const vixCandles = (db: Kysely<DB>, fromAt: number, toAt: number) =>
  db
    .selectFrom('candles')
    .where('source', '=', OPTIONS_DATA_SOURCE)
    .where('instrumentToken', '=', INDIA_VIX.instrumentToken)
    .where('ts', '>=', fromAt - VIX_STALE_MS - INTERVAL_MS['1d'])
    .where('ts', '<', toAt);

/**
 * The VIX readings a run over [fromAt, toAt) may use, oldest first: from the finest interval stored there
 * (a minute's reading beats a day's).
 */
export async function indiaVixReadings(db: Kysely<DB>, fromAt: number, toAt: number): Promise<VixReading[]> {
  const rows = await vixCandles(db, fromAt, toAt).select(['interval', 'ts', 'close']).orderBy('ts').execute();
  const intervals = [...new Set(rows.map((r) => r.interval))];
  if (intervals.length === 0) return [];
  const finest = intervals.reduce((a, b) => (INTERVAL_MS[b] < INTERVAL_MS[a] ? b : a));
  const step = INTERVAL_MS[finest];
  return rows
    .filter((r) => r.interval === finest)
    .map((r) => ({ closedAt: Number(r.ts) + step, percent: Number(r.close) }));
}

/** Whether the console holds any VIX reading a run over [fromAt, toAt) could price a close with. */
export async function hasIndiaVix(db: Kysely<DB>, fromAt: number, toAt: number): Promise<boolean> {
  const row = await vixCandles(db, fromAt, toAt).select('ts').limit(1).executeTakeFirst();
  return row !== undefined;
}
