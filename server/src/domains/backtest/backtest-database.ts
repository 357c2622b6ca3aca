import type { StrategyInterval } from '@app/contract';
import { RUNNING_STATUS } from '@app/contract';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../db/client.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seedReferenceData } from '../../db/seed.js';
import type { AnyStrategyType } from '../strategies/strategy-type.types.js';
import { OPTIONS_DATA_SOURCE } from '../market-data/hub.js';
import type { BacktestInstrument, UnderlyingCandle } from './backtest.types.js';

/*
 * A backtest's database of its own, in memory: every migration, the reference rows, one trader and the strategy's
 * mapping written as the console writes them, and the underlying's candles an expiry settlement reads.
 */

/** What the backtest's database is seeded with: the strategy, its settings and mapping, the instrument. */
export interface BacktestSeed {
  type: Pick<AnyStrategyType, 'id' | 'storage'>;
  /** The configuration's values, in the order of the type's storage columns. */
  configValues: readonly unknown[];
  interval: StrategyInterval;
  /** The mapping's own columns (how many CE and PE legs, its window). */
  mapping: { ceCount: number; peCount: number; startTime: string | null; endTime: string | null };
  instrument: BacktestInstrument;
  /** The lot a day's entries are sized with (the dated market rules), by IST day. */
  lotSizeOn: (day: string) => number;
  candles: readonly UnderlyingCandle[];
}

/** The backtest's own database: every migration, the reference rows, one trader and the strategy's mapping. */
export async function seeded(spec: BacktestSeed, firstDay: string): Promise<Database> {
  const database = openDatabase({ sqliteFile: ':memory:' });
  await migrateToLatest(database);
  const { db } = database;
  const now = spec.candles[0]?.ts ?? 0;
  const i = spec.instrument;
  await seedReferenceData(db, now, [
    {
      name: i.name,
      ticker: i.ticker,
      instrumentToken: i.instrumentToken,
      lotSize: spec.lotSizeOn(firstDay),
      marketOpenTime: i.marketOpenTime,
      marketCloseTime: i.marketCloseTime,
      timezone: i.timezone,
      tradingDays: i.tradingDays,
      marketProtection: i.marketProtection,
    },
  ]);
  const instrument = await db
    .selectFrom('instruments')
    .select('id')
    .where('instrumentToken', '=', i.instrumentToken)
    .executeTakeFirstOrThrow();
  // The reference seed may hold the instrument already: the backtest's listing is what it runs on.
  await db
    .updateTable('instruments')
    .set({ lotSize: spec.lotSizeOn(firstDay), marketProtection: i.marketProtection, ticker: i.ticker })
    .where('id', '=', instrument.id)
    .execute();
  const strategy = await db
    .selectFrom('strategies')
    .select('id')
    .where('name', '=', spec.type.id)
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ username: 'backtest', passwordHash: '-', role: 'user', createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const mapping = await db
    .insertInto('userStrategyMappings')
    .values({
      userId: user.id,
      strategyId: strategy.id,
      instrumentId: instrument.id,
      userBrokerId: null,
      isActive: 1,
      isDummy: 1,
      ...spec.mapping,
      runningStatus: RUNNING_STATUS.RUNNING,
      stopReason: null,
      stoppedAt: null,
      maxLossPaise: null,
      targetProfitPaise: null,
      adminMaxLossPaise: null,
      interval: spec.interval,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The type's settings row, as its own configure route writes it (storage: table, columns, times).
  const { table, columns } = spec.type.storage;
  await sql`insert into ${sql.table(table)} (mapping_id, ${sql.join(columns.map((c) => sql.ref(c)))}, created_at, updated_at)
    values (${mapping.id}, ${sql.join(spec.configValues.map((v) => sql`${v}`))}, ${now}, ${now})`.execute(db);
  return database;
}

/** The candle a close belongs to, kept for the settlement's price of the underlying at an expiry. */
export async function keepCandle(db: Database['db'], token: string, c: UnderlyingCandle, interval: StrategyInterval) {
  const close = (c.closePaise / 100).toFixed(2);
  await db
    .insertInto('candles')
    .values({
      source: OPTIONS_DATA_SOURCE,
      instrumentToken: token,
      interval,
      ts: c.ts,
      open: (c.openPaise / 100).toFixed(2),
      high: close,
      low: close,
      close,
      volume: '0',
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
