import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DbKind } from '../../db/client.js';
import { INSTRUMENT_HOURS } from '../../db/columns.js';
import { lockUserRow } from '../../db/locks.js';
import type { DB, UserStrategyMappingsTable } from '../../db/schema.js';

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
      .leftJoin('rdxConfigs as c', 'c.mappingId', 'm.id')
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
        'u.username as userUsername',
        'c.interval as rdxInterval',
        'c.atmValuePaise as rdxAtmPaise',
        // Issue 27: the row tells a side held at another size, and the ATM of legs that saved none.
        'c.rdxLotCount as rdxLotCount',
        'c.offsetValuePaise as rdxOffsetPaise',
      ]);

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
      return db.selectFrom('userBrokers').select(['id', 'userId']).where('id', '=', id).executeTakeFirst();
    },
    async userExists(id: number) {
      return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
    listForUser(userId: number) {
      return view().where('m.userId', '=', userId).orderBy('m.id').execute();
    },
    listAll() {
      return view().orderBy('m.id').execute();
    },
    findById(id: number) {
      return view().where('m.id', '=', id).executeTakeFirst();
    },
    async insert(row: Insertable<UserStrategyMappingsTable>) {
      const { id } = await db.insertInto('userStrategyMappings').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    /**
     * Inserts unless the same user created an identical mapping since `since` (a double-clicked submit);
     * returns the new or the earlier id. The owner's row is locked on PostgreSQL so two requests (or two
     * servers) cannot both miss each other; SQLite's single writer serialises the transaction already.
     */
    insertUnlessRecentTwin(row: Insertable<UserStrategyMappingsTable>, since: number) {
      return db.transaction().execute(async (trx) => {
        await lockUserRow(trx, kind, row.userId);
        const twin = await trx
          .selectFrom('userStrategyMappings')
          .select('id')
          .where('userId', '=', row.userId)
          .where('strategyId', '=', row.strategyId)
          .where('instrumentId', '=', row.instrumentId)
          .where('userBrokerId', row.userBrokerId === null ? 'is' : '=', row.userBrokerId ?? null)
          .where('isActive', '=', row.isActive)
          .where('isDummy', '=', row.isDummy)
          .where('ceCount', '=', row.ceCount)
          .where('peCount', '=', row.peCount)
          .where('startTime', row.startTime === null ? 'is' : '=', row.startTime ?? null)
          .where('endTime', row.endTime === null ? 'is' : '=', row.endTime ?? null)
          .where('createdAt', '>=', since)
          .orderBy('id')
          .executeTakeFirst();
        if (twin) return { id: twin.id, isNew: false };
        const { id } = await trx
          .insertInto('userStrategyMappings')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id, isNew: true };
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
