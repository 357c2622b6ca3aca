import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/client.js';
import type { DB, StrategyLegsTable, TransactionsTable } from '../../db/schema.js';
import { createSqlitePaperFills } from './paper-fills.sqlite.js';
import { createSqliteRunningStates } from './running-states.sqlite.js';

/** Rows per multi-row INSERT: keeps statements within both engines' parameter limits. */
const BATCH = 500;

/** Everything the engine needs to decide for one running mapping. */
export interface MappingState {
  id: number;
  userId: number;
  username: string;
  strategyId: number;
  strategyName: string;
  instrumentId: number;
  instrumentName: string;
  instrumentToken: string;
  ticker: string | null;
  lotSize: number;
  marketOpenTime: string;
  marketCloseTime: string;
  timezone: string;
  tradingDays: string;
  userBrokerId: number | null;
  isDummy: number;
  ceCount: number;
  peCount: number;
  startTime: string | null;
  endTime: string | null;
  runningStatus: number;
  rdxLotCount: number;
  atmValuePaise: number;
  offsetValuePaise: number;
  interval: string;
}

/**
 * A fill to write as a transaction: the row without its id and date (quantity is +units for a SELL,
 * −units for a BUY, SPEC §3; mapping, strategy and instrument are always known here).
 */
export type NewFill = Omit<
  TransactionsTable,
  'id' | 'transactionDate' | 'mappingId' | 'strategyId' | 'instrumentId'
> & {
  mappingId: number;
  strategyId: number;
  instrumentId: number;
};

/** A leg to open: the row without what opening fills in (id, status, times). */
export type NewLeg = Omit<StrategyLegsTable, 'id' | 'status' | 'openedAt' | 'closedAt'>;

export function createEngineRepository(database: Pick<Database, 'db' | 'kind' | 'sqlite'>) {
  const { db } = database;
  const sqlitePaperFills = database.sqlite ? createSqlitePaperFills(database.sqlite) : null;
  const sqliteRunning = database.sqlite ? createSqliteRunningStates(database.sqlite) : null;
  const states = (q: Kysely<DB> | Transaction<DB>) =>
    q
      .selectFrom('userStrategyMappings as m')
      .innerJoin('rdxConfigs as c', 'c.mappingId', 'm.id')
      .innerJoin('users as u', 'u.id', 'm.userId')
      .innerJoin('strategies as s', 's.id', 'm.strategyId')
      .innerJoin('instruments as i', 'i.id', 'm.instrumentId')
      .select([
        'm.id',
        'm.userId',
        'u.username',
        'm.strategyId',
        's.name as strategyName',
        'm.instrumentId',
        'i.name as instrumentName',
        'i.instrumentToken',
        'i.ticker',
        'i.lotSize',
        'i.marketOpenTime',
        'i.marketCloseTime',
        'i.timezone',
        'i.tradingDays',
        'm.userBrokerId',
        'm.isDummy',
        'm.ceCount',
        'm.peCount',
        'm.startTime',
        'm.endTime',
        'm.runningStatus',
        'c.rdxLotCount',
        'c.atmValuePaise',
        'c.offsetValuePaise',
        'c.interval',
      ]);

  const openLegs = (q: Kysely<DB> | Transaction<DB>) =>
    q.selectFrom('strategyLegs').selectAll().where('status', '=', 'open').orderBy('id');

  return {
    /** (instrument token, interval) pairs some running, active RDX mapping trades on. */
    runningKeys() {
      return db
        .selectFrom('userStrategyMappings as m')
        .innerJoin('rdxConfigs as c', 'c.mappingId', 'm.id')
        .innerJoin('instruments as i', 'i.id', 'm.instrumentId')
        .select(['i.instrumentToken', 'c.interval'])
        .where('m.runningStatus', '=', 1)
        .where('m.isActive', '=', 1)
        .distinct()
        .execute();
    },

    /** Running, active mappings on an instrument at an interval, with their open legs. */
    async runningOn(instrumentToken: string, interval: string) {
      if (sqliteRunning) {
        const fast = sqliteRunning;
        return db.connection().execute(() => Promise.resolve(fast(instrumentToken, interval)));
      }
      const mappings: MappingState[] = await states(db)
        .where('m.runningStatus', '=', 1)
        .where('m.isActive', '=', 1)
        .where('i.instrumentToken', '=', instrumentToken)
        .where('c.interval', '=', interval)
        .orderBy('m.id')
        .execute();
      const legs = await openLegs(db)
        .where('mappingId', 'in', (eb) =>
          eb
            .selectFrom('userStrategyMappings as m')
            .innerJoin('rdxConfigs as c', 'c.mappingId', 'm.id')
            .innerJoin('instruments as i', 'i.id', 'm.instrumentId')
            .select('m.id')
            .where('m.runningStatus', '=', 1)
            .where('m.isActive', '=', 1)
            .where('i.instrumentToken', '=', instrumentToken)
            .where('c.interval', '=', interval),
        )
        .execute();
      return { mappings, legs };
    },

    /** One mapping's state (any status) and open legs; null when it has no RDX configuration. */
    async one(mappingId: number) {
      const mapping = await states(db).where('m.id', '=', mappingId).executeTakeFirst();
      if (!mapping) return null;
      const legs = await openLegs(db).where('mappingId', '=', mappingId).execute();
      return { mapping, legs };
    },

    openLegsOf(mappingId: number) {
      return openLegs(db).where('mappingId', '=', mappingId).execute();
    },

    /** Mappings that are stopped yet still hold legs: an exit interrupted by a restart. */
    async stoppedWithOpenLegs(): Promise<number[]> {
      const rows = await db
        .selectFrom('strategyLegs as l')
        .innerJoin('userStrategyMappings as m', 'm.id', 'l.mappingId')
        .select('m.id')
        .where('l.status', '=', 'open')
        .where('m.runningStatus', '=', 0)
        .distinct()
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Paper fills of a whole candle close in one transaction: legs closed and opened, transactions
     * written, ATMs recorded. All or nothing, so a crash can neither lose nor double a fill.
     */
    async applyPaperFills(input: {
      closeLegIds: number[];
      openLegs: NewLeg[];
      fills: NewFill[];
      atm: Array<{ mappingId: number; atmPaise: number }>;
      at: number;
    }) {
      if (sqlitePaperFills) {
        const fast = sqlitePaperFills;
        // Holding Kysely's one connection keeps its own transactions from interleaving with ours.
        return db.connection().execute(() => Promise.resolve(fast(input)));
      }
      return db.transaction().execute(async (trx) => {
        for (let i = 0; i < input.closeLegIds.length; i += BATCH) {
          await trx
            .updateTable('strategyLegs')
            .set({ status: 'closed', closedAt: input.at })
            .where('id', 'in', input.closeLegIds.slice(i, i + BATCH))
            .execute();
        }
        for (let i = 0; i < input.openLegs.length; i += BATCH) {
          const rows = input.openLegs
            .slice(i, i + BATCH)
            .map((l) => ({ ...l, status: 'open' as const, openedAt: input.at, closedAt: null }));
          await trx.insertInto('strategyLegs').values(rows).execute();
        }
        await updateAtms(trx, input.atm, input.at);
        return insertFills(trx, input.fills, input.at);
      });
    },
  };
}

/** Groups ATM updates by value so each distinct ATM is one UPDATE. */
async function updateAtms(trx: Transaction<DB>, atm: Array<{ mappingId: number; atmPaise: number }>, at: number) {
  const byValue = new Map<number, number[]>();
  for (const a of atm) byValue.set(a.atmPaise, [...(byValue.get(a.atmPaise) ?? []), a.mappingId]);
  for (const [value, ids] of byValue) {
    for (let i = 0; i < ids.length; i += BATCH) {
      await trx
        .updateTable('rdxConfigs')
        .set({ atmValuePaise: value, atmLastUpdated: at, updatedAt: at })
        .where('mappingId', 'in', ids.slice(i, i + BATCH))
        .execute();
    }
  }
}

/** Inserts transactions and returns them as written (ids included). */
export async function insertFills(trx: Transaction<DB>, fills: NewFill[], at: number) {
  const written: Array<NewFill & { id: number; transactionDate: number }> = [];
  for (let i = 0; i < fills.length; i += BATCH) {
    const rows = fills.slice(i, i + BATCH).map((f) => ({ ...f, transactionDate: at }));
    const ids = await trx
      .insertInto('transactions')
      .values(rows)
      .returning(['id', 'mappingId', 'tradingSymbol', 'quantity', 'pricePaise', 'orderId'])
      .execute();
    // RETURNING order is not promised by SQLite, so rows are matched back by content.
    const pending = new Map<string, (NewFill & { transactionDate: number })[]>();
    for (const r of rows) {
      const key = `${r.mappingId}|${r.tradingSymbol}|${r.quantity}|${r.orderId}`;
      pending.set(key, [...(pending.get(key) ?? []), r]);
    }
    for (const r of ids) {
      const key = `${r.mappingId}|${r.tradingSymbol}|${r.quantity}|${r.orderId}`;
      const match = pending.get(key)?.shift();
      if (match) written.push({ ...match, id: r.id });
    }
  }
  return written;
}

export type EngineRepository = ReturnType<typeof createEngineRepository>;
