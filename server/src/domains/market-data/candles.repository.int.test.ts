import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createCandlesRepository, type CandlesRepository } from './candles.repository.js';

/* Candle storage: idempotent by (source, token, interval, ts), the newest values win, new ones counted. */

type Database = Awaited<ReturnType<typeof openTestDatabase>>;
let database: Database;
let candles: CandlesRepository;
beforeEach(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database);
  candles = createCandlesRepository(database);
});
afterEach(async () => {
  await database.drop();
});

const key = { source: 'kite', instrumentToken: '256265', interval: '1m' } as const;
const MINUTE = 60_000;
const T0 = Date.parse('2026-11-23T03:45:00Z'); // 09:15 IST
const candle = (minute: number, close: string) => ({
  ts: T0 + minute * MINUTE,
  open: '24500',
  high: '24510',
  low: '24490',
  close,
  volume: '100',
});

describe('candle storage', () => {
  it('counts only new candles and replaces a refetched one with its newer values', async () => {
    expect(await candles.upsert(key, [candle(0, '24501'), candle(1, '24502'), candle(2, '24503')])).toBe(3);
    // Two already stored (one of them refined), one new.
    expect(await candles.upsert(key, [candle(1, '24502'), candle(2, '24508'), candle(3, '24504')])).toBe(1);
    expect((await candles.latest(key, 10)).map((c) => [c.ts, c.close])).toEqual([
      [T0, '24501'],
      [T0 + MINUTE, '24502'],
      [T0 + 2 * MINUTE, '24508'],
      [T0 + 3 * MINUTE, '24504'],
    ]);
  });

  it('keeps the last of a candle given twice in one write, counted once', async () => {
    expect(await candles.upsert(key, [candle(0, '24501'), candle(0, '24509')])).toBe(1);
    expect((await candles.latest(key, 10)).map((c) => c.close)).toEqual(['24509']);
  });

  it('keeps instruments and intervals apart', async () => {
    await candles.upsert(key, [candle(0, '24501')]);
    expect(await candles.upsert({ ...key, interval: '5m' }, [candle(0, '24555')])).toBe(1);
    expect((await candles.latest(key, 10)).map((c) => c.close)).toEqual(['24501']);
  });
});
