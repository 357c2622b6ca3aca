import type { ExpressionBuilder, Insertable, Kysely, Updateable } from 'kysely';
import type { DbKind } from '../../db/client.js';
import { INSTRUMENT_HOURS } from '../../db/columns.js';
import { lockUserRow } from '../../db/locks.js';
import type { DB, UserStrategyMappingsTable } from '../../db/schema.js';
import type { CreateVerdict, RecentCreate } from './mapping-twins.logic.js';
import { configsOf } from './strategy-configs.service.js';

/** Ids per `IN (…)` list: keeps statements within both engines' parameter limits. */
const CHUNK = 500;

async function inChunks<T>(ids: number[], query: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await query(ids.slice(i, i + CHUNK))));
  return out;
}

/** All SQL for strategies and user strategy mappings. */
export function createMappingsRepository(db: Kysely<DB>, kind: DbKind = 'sqlite') {
  const view = () =>
    db
      .selectFrom('userStrategyMappings as m')
      .innerJoin('strategies as s', 's.id', 'm.strategyId')
      .innerJoin('instruments as i', 'i.id', 'm.instrumentId')
      .innerJoin('users as u', 'u.id', 'm.userId')
      .leftJoin('userBrokers as ub', 'ub.id', 'm.userBrokerId')
      .leftJoin('brokers as b', 'b.id', 'ub.brokerId')
      .selectAll('m')
      .select((eb) => [
        's.name as strategyName',
        's.description as strategyDescription',
        'i.name as instrumentName',
        'i.ticker as instrumentTicker',
        'i.instrumentToken as instrumentToken',
        'i.lotSize as lotSize',
        ...INSTRUMENT_HOURS,
        'ub.brokerUsername as brokerUsername',
        eb.case().when('ub.brokerTokenSealed', 'is not', null).then(1).else(0).end().as('brokerHasToken'),
        'ub.tokenUpdatedAt as brokerTokenUpdatedAt',
        'ub.tokenRefusedAt as brokerTokenRefusedAt',
        // Whose rule ends the account's token (the broker registry's adapter for this kind).
        'b.kind as brokerKind',
        'u.username as userUsername',
      ]);
  /** Rows with their strategy type's settings (`config`, null while none are saved), read from the type's table. */
  const withConfigs = async <R extends { id: number }>(rows: R[]) => {
    const configs = await configsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, config: configs.get(r.id) ?? null }));
  };

  return {
    listStrategies() {
      return db.selectFrom('strategies').select(['id', 'name', 'description']).orderBy('id').execute();
    },
    findStrategy(id: number) {
      return db.selectFrom('strategies').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    },
    async instrumentExists(id: number) {
      return (await db.selectFrom('instruments').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
    findUserBroker(id: number) {
      return db
        .selectFrom('userBrokers')
        .innerJoin('brokers', 'brokers.id', 'userBrokers.brokerId')
        .select(['userBrokers.id', 'userBrokers.userId', 'brokers.kind as brokerKind'])
        .where('userBrokers.id', '=', id)
        .executeTakeFirst();
    },
    async userExists(id: number) {
      return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
    async listForUser(userId: number) {
      return withConfigs(await view().where('m.userId', '=', userId).orderBy('m.id').execute());
    },
    async listAll() {
      return withConfigs(await view().orderBy('m.id').execute());
    },
    async findById(id: number) {
      const row = await view().where('m.id', '=', id).executeTakeFirst();
      return row ? (await withConfigs([row]))[0] : undefined;
    },
    async insert(row: Insertable<UserStrategyMappingsTable>) {
      const { id } = await db.insertInto('userStrategyMappings').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    /**
     * Inserts unless `judge`, shown the owner's mappings created since `since` (oldest first), says the create
     * repeats one of them or is refused. The owner's row is locked on PostgreSQL so two requests (or two
     * servers) cannot both miss each other; SQLite's single writer serialises the transaction already.
     */
    insertJudged(
      row: Insertable<UserStrategyMappingsTable>,
      since: number,
      judge: (recent: RecentCreate[]) => CreateVerdict,
    ): Promise<{ verdict: CreateVerdict; id: number | null }> {
      return db.transaction().execute(async (trx) => {
        await lockUserRow(trx, kind, row.userId);
        const recent = await trx
          .selectFrom('userStrategyMappings as m')
          .leftJoin('users as a', 'a.id', 'm.createdBy')
          .select([
            'm.id',
            'm.createdBy',
            'm.userId',
            'm.strategyId',
            'm.instrumentId',
            'm.userBrokerId',
            'm.isActive',
            'm.isDummy',
            'm.ceCount',
            'm.peCount',
            'm.startTime',
            'm.endTime',
            'm.maxLossPaise',
            'm.targetProfitPaise',
            'm.adminMaxLossPaise',
            'm.createdAt',
            'a.username as authorName',
          ])
          .where('m.userId', '=', row.userId)
          .where('m.createdAt', '>=', since)
          .orderBy('m.id')
          .execute();
        const verdict = judge(recent.map((r) => ({ ...r, createdAt: Number(r.createdAt) })));
        if (verdict.kind !== 'insert') return { verdict, id: null };
        const { id } = await trx
          .insertInto('userStrategyMappings')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        return { verdict, id };
      });
    },
    async update(id: number, patch: Updateable<UserStrategyMappingsTable>) {
      await db.updateTable('userStrategyMappings').set(patch).where('id', '=', id).execute();
    },
    async remove(id: number) {
      await db.deleteFrom('userStrategyMappings').where('id', '=', id).execute();
    },
    /** Open legs of the given mappings, oldest first. */
    openLegsOf(mappingIds: number[]) {
      return inChunks(mappingIds, (ids) =>
        db
          .selectFrom('strategyLegs')
          .select(['mappingId', 'tradingSymbol', 'optionType', 'strikePaise', 'expiry', 'quantity'])
          .where('mappingId', 'in', ids)
          .where('status', '=', 'open')
          .orderBy('id')
          .execute(),
      );
    },
    /** The latest broker order of each given mapping (its status says whether the last attempt failed). */
    latestOrdersOf(mappingIds: number[]) {
      return inChunks(mappingIds, (ids) =>
        db
          .selectFrom('brokerOrders as o')
          .select(['o.mappingId', 'o.status', 'o.error', 'o.updatedAt'])
          .where('o.id', 'in', (eb) =>
            eb
              .selectFrom('brokerOrders')
              .select((e) => e.fn.max('id').as('id'))
              .where('mappingId', 'in', ids)
              .groupBy('mappingId'),
          )
          .execute(),
      );
    },
    /**
     * Per mapping, its pending orders sent before `before` (today's IST midnight): the broker's order book no
     * longer holds them, so the trader settles them by hand (engine/order-book-day.ts).
     */
    ordersPastBookOf(mappingIds: number[], before: number) {
      return inChunks(mappingIds, (ids) =>
        db
          .selectFrom('brokerOrders')
          .select((eb) => ['mappingId', eb.fn.countAll<number>().as('n')])
          .where('mappingId', 'in', ids)
          .where('status', '=', 'pending')
          .where('createdAt', '<', before)
          .groupBy('mappingId')
          .execute(),
      );
    },
    /** Every strategy running or paused, or holding open legs: what an RDX service switch concerns. */
    async liveOrHolding() {
      const holds = (eb: ExpressionBuilder<DB & { m: UserStrategyMappingsTable }, 'm'>) =>
        eb.exists(
          eb
            .selectFrom('strategyLegs as l')
            .select('l.id')
            .whereRef('l.mappingId', '=', 'm.id')
            .where('l.status', '=', 'open'),
        );
      const rows = await db
        .selectFrom('userStrategyMappings as m')
        .select((eb) => ['m.userId', 'm.isDummy', 'm.runningStatus', holds(eb).as('holdsLegs')])
        .where((eb) => eb.or([eb('m.runningStatus', 'in', [1, 2]), holds(eb)]))
        .execute();
      // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
      return rows.map((r) => ({ ...r, holdsLegs: Boolean(Number(r.holdsLegs)) }));
    },
    /** How many of a user's strategies trade live on each of their broker accounts (by account id). */
    async liveCountsByAccount(userId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('userStrategyMappings')
        .select(['userBrokerId', (eb) => eb.fn.countAll<number>().as('n')])
        .where('userId', '=', userId)
        .where('isDummy', '=', 0)
        .where('userBrokerId', 'is not', null)
        .groupBy('userBrokerId')
        .execute();
      return new Map(rows.map((r) => [Number(r.userBrokerId), Number(r.n)]));
    },
    async usernameOf(userId: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
      return row?.username ?? null;
    },
    async countOpenLegs(mappingId: number) {
      const row = await db
        .selectFrom('strategyLegs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('mappingId', '=', mappingId)
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type MappingsRepository = ReturnType<typeof createMappingsRepository>;
export type MappingView = NonNullable<Awaited<ReturnType<MappingsRepository['findById']>>>;
export type OpenLegView = Awaited<ReturnType<MappingsRepository['openLegsOf']>>[number];
