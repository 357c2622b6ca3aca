import type { StrategyInterval } from '@app/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/client.js';
import { INSTRUMENT_HOURS } from '../../db/columns.js';
import { existingMappingIds } from '../../db/existing-mappings.js';
import type { DB, LegRow } from '../../db/schema.js';
import { createFillWriter } from '../ledger/fill-writer.service.js';
import { configsOf } from '../strategies/strategy-configs.service.js';
import { createPaperClose } from './engine.fills.js';
import { runningIdsPostgres, runningOnPostgres } from './engine.postgres.js';
import { createSqliteEngineStatements } from './engine.sqlite.js';
import type { MappingState, MemoStorage, PaperFills, WrittenFill } from './engine.types.js';
import { createOrdersRepository } from './orders.repository.js';

export type { MappingState, NewFill, NewLeg, WrittenFill } from './engine.types.js';

/** Ids per `in (…)` list: well within both databases' parameter limits. */
const IN_LIST = 500;

/**
 * Every read and write of the engine behind one interface: running states, paper fills of a candle
 * close, live broker orders and their fills. A close's reads and paper fills go by dialect: prepared
 * better-sqlite3 statements on SQLite, plain rows to read and column arrays (`unnest`) to write on
 * PostgreSQL; both measured by the bench and run by the same integration tests.
 */
export function createEngineRepository(database: Pick<Database, 'db' | 'kind' | 'sqlite'>) {
  const { db } = database;
  // SQLite: the engine's hot statements as prepared better-sqlite3 statements (engine.sqlite.ts says why);
  // PostgreSQL's in engine.postgres.ts; everything else goes through Kysely. Both run the same tests.
  const sqlite = database.sqlite ? createSqliteEngineStatements(database.sqlite) : null;
  // Every fill the engine books goes through the ledger's one fill writer (ledger/fill-writer/).
  const fillWriter = createFillWriter(database);
  const paperClose = createPaperClose(database, fillWriter);
  const states = (q: Kysely<DB> | Transaction<DB>) =>
    q
      .selectFrom('userStrategyMappings as m')
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
        ...INSTRUMENT_HOURS,
        'i.marketProtection',
        'm.userBrokerId',
        'm.isDummy',
        'm.ceCount',
        'm.peCount',
        'm.startTime',
        'm.endTime',
        'm.runningStatus',
        'm.positionVersion',
      ]);
  type StateRow = Awaited<ReturnType<ReturnType<typeof states>['executeTakeFirstOrThrow']>>;
  /** The rows' states with their strategy types' settings; a mapping with none saved is left out. */
  const withConfigs = async (rows: StateRow[]): Promise<MappingState[]> => {
    const configs = await configsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.flatMap((m) => {
      const config = configs.get(m.id);
      return config ? [{ ...m, config }] : [];
    });
  };

  const openLegs = (q: Kysely<DB> | Transaction<DB>) =>
    q.selectFrom('strategyLegs').selectAll().where('status', '=', 'open').orderBy('id');

  return {
    // Live orders: written before they are sent, settled by tag (orders.repository.ts).
    ...createOrdersRepository(db, fillWriter),

    /** (instrument token, interval) pairs some running, active mapping trades on. */
    async runningKeys(): Promise<Array<{ instrumentToken: string; interval: StrategyInterval }>> {
      const rows = await db
        .selectFrom('userStrategyMappings as m')
        .innerJoin('instruments as i', 'i.id', 'm.instrumentId')
        .select(['i.instrumentToken', 'm.interval'])
        .where('m.runningStatus', '=', 1)
        .where('m.isActive', '=', 1)
        .where('m.interval', 'is not', null)
        .distinct()
        .execute();
      return rows.flatMap(({ instrumentToken, interval }) => (interval ? [{ instrumentToken, interval }] : []));
    },

    /** Which running, active mappings trade on an instrument at an interval (ids only: what to lock). */
    runningIdsOn(instrumentToken: string, interval: StrategyInterval) {
      if (sqlite) {
        const fast = sqlite;
        return db.connection().execute(() => Promise.resolve(fast.runningIds(instrumentToken, interval)));
      }
      return runningIdsPostgres(db, instrumentToken, interval);
    },

    /** Which of these mappings still exist (a slice refused for a vanished one is written without it). */
    existingMappingIds: (ids: readonly number[]) => existingMappingIds(db, ids),

    /** Running, active mappings on an instrument at an interval, with their open legs. */
    async runningOn(instrumentToken: string, interval: StrategyInterval) {
      if (sqlite) {
        const fast = sqlite;
        return db.connection().execute(() => Promise.resolve(fast.runningOn(instrumentToken, interval)));
      }
      return runningOnPostgres(db, instrumentToken, interval);
    },

    /**
     * Claims a candle close for (instrument, interval): true the first time, false when this close (or a
     * later one) was already claimed, by this process or another leader before it died.
     */
    async claimCandle(instrumentToken: string, interval: StrategyInterval, closeAt: number): Promise<boolean> {
      const result = await db
        .insertInto('candleClaims')
        .values({ instrumentToken, interval, lastCloseAt: closeAt })
        .onConflict((oc) =>
          oc
            .columns(['instrumentToken', 'interval'])
            .doUpdateSet({ lastCloseAt: closeAt })
            .where('candleClaims.lastCloseAt', '<', closeAt),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** The last candle close claimed for (instrument, interval), by any leader; null if none ever was. */
    async lastClaimedClose(instrumentToken: string, interval: StrategyInterval): Promise<number | null> {
      const row = await db
        .selectFrom('candleClaims')
        .select('lastCloseAt')
        .where('instrumentToken', '=', instrumentToken)
        .where('interval', '=', interval)
        .executeTakeFirst();
      return row ? Number(row.lastCloseAt) : null;
    },

    /** A mapping's position version now (stale-position.ts); null when it is gone. */
    async positionVersionOf(mappingId: number): Promise<number | null> {
      const row = await db
        .selectFrom('userStrategyMappings')
        .select('positionVersion')
        .where('id', '=', mappingId)
        .executeTakeFirst();
      return row?.positionVersion ?? null;
    },

    /** What a strategy type's rules keep between decisions (its storage's `memoColumn`), for one mapping. */
    async writeMemo(storage: MemoStorage, mappingId: number, memo: string, at: number) {
      await sql`update ${sql.table(storage.table)} set ${sql.ref(storage.memoColumn)} = ${memo}, updated_at = ${at}
        where mapping_id = ${mappingId}`.execute(db);
    },

    /** One mapping's state (any status) and open legs; null when its strategy's settings are not saved. */
    async one(mappingId: number) {
      const [mapping] = await withConfigs(await states(db).where('m.id', '=', mappingId).execute());
      if (!mapping) return null;
      const legs = await openLegs(db).where('mappingId', '=', mappingId).execute();
      return { mapping, legs };
    },

    /** Many mappings' states (any status; those whose settings are not saved left out) and open legs, in few reads. */
    async statesOf(mappingIds: readonly number[]): Promise<{ mappings: MappingState[]; legs: LegRow[] }> {
      const mappings: MappingState[] = [];
      const legs: LegRow[] = [];
      for (let i = 0; i < mappingIds.length; i += IN_LIST) {
        const chunk = mappingIds.slice(i, i + IN_LIST);
        mappings.push(...(await withConfigs(await states(db).where('m.id', 'in', chunk).orderBy('m.id').execute())));
        legs.push(...(await openLegs(db).where('mappingId', 'in', chunk).execute()));
      }
      return { mappings, legs };
    },

    openLegsOf(mappingId: number) {
      return openLegs(db).where('mappingId', '=', mappingId).execute();
    },

    /** Mappings that are stopped yet still hold legs: an exit interrupted by a restart. */
    /** Running live mappings with their broker account's token facts and broker kind (the token expiry check). */
    runningLiveTokens() {
      return db
        .selectFrom('userStrategyMappings as m')
        .leftJoin('userBrokers as ub', 'ub.id', 'm.userBrokerId')
        .leftJoin('brokers as b', 'b.id', 'ub.brokerId')
        .select((eb) => [
          'm.id',
          'm.userId',
          'ub.tokenUpdatedAt',
          'ub.tokenRefusedAt',
          'b.kind as brokerKind',
          eb.case().when('ub.brokerTokenSealed', 'is not', null).then(1).else(0).end().as('hasToken'),
        ])
        .where('m.runningStatus', '=', 1)
        .where('m.isDummy', '=', 0)
        .execute();
    },

    /** Running live strategies on accounts that registered IPs, with what their egress's last check found. */
    runningLiveEgress() {
      return db
        .selectFrom('userStrategyMappings as m')
        .innerJoin('userBrokers as ub', 'ub.id', 'm.userBrokerId')
        .select(['m.id', 'm.userId', 'm.userBrokerId', 'ub.egressCheckedAt', 'ub.egressProblem'])
        .where('m.runningStatus', '=', 1)
        .where('m.isDummy', '=', 0)
        .where('ub.registeredIps', '!=', '[]')
        .execute();
    },

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
     * One slice of a candle close's paper fills in one transaction: legs closed and opened, transactions
     * written, ATMs recorded. All or nothing, so a crash can neither lose nor double a fill.
     */
    applyPaperFills(input: PaperFills): Promise<WrittenFill[]> {
      return paperClose(input);
    },
  };
}

export type EngineRepository = ReturnType<typeof createEngineRepository>;
