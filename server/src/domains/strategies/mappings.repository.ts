import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, UserStrategyMappingsTable } from '../../db/schema.js';

/** All SQL for strategies and user strategy mappings. */
export function createMappingsRepository(db: Kysely<DB>) {
  const view = () =>
    db
      .selectFrom('userStrategyMappings as m')
      .innerJoin('strategies as s', 's.id', 'm.strategyId')
      .innerJoin('instruments as i', 'i.id', 'm.instrumentId')
      .innerJoin('users as u', 'u.id', 'm.userId')
      .leftJoin('userBrokers as ub', 'ub.id', 'm.userBrokerId')
      .selectAll('m')
      .select([
        's.name as strategyName',
        's.description as strategyDescription',
        'i.name as instrumentName',
        'i.ticker as instrumentTicker',
        'ub.brokerUsername as brokerUsername',
        'u.username as userUsername',
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
    async update(id: number, patch: Updateable<UserStrategyMappingsTable>) {
      await db.updateTable('userStrategyMappings').set(patch).where('id', '=', id).execute();
    },
    async remove(id: number) {
      await db.deleteFrom('userStrategyMappings').where('id', '=', id).execute();
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
