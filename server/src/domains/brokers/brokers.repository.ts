import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, UserBrokersTable } from '../../db/schema.js';

export function createBrokersRepository(db: Kysely<DB>) {
  const userBrokers = () =>
    db
      .selectFrom('userBrokers')
      .innerJoin('brokers', 'brokers.id', 'userBrokers.brokerId')
      .selectAll('userBrokers')
      .select(['brokers.name as brokerName', 'brokers.kind as brokerKind']);

  return {
    listBrokers() {
      return db.selectFrom('brokers').select(['id', 'name', 'kind']).orderBy('id').execute();
    },
    findBroker(id: number) {
      return db.selectFrom('brokers').select(['id', 'name', 'kind']).where('id', '=', id).executeTakeFirst();
    },
    listForUser(userId: number) {
      return userBrokers().where('userBrokers.userId', '=', userId).orderBy('userBrokers.id').execute();
    },
    findById(id: number) {
      return userBrokers().where('userBrokers.id', '=', id).executeTakeFirst();
    },
    async insert(row: Insertable<UserBrokersTable>) {
      const { id } = await db.insertInto('userBrokers').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async update(id: number, patch: Updateable<UserBrokersTable>) {
      await db.updateTable('userBrokers').set(patch).where('id', '=', id).execute();
    },
    async remove(id: number) {
      await db.deleteFrom('userBrokers').where('id', '=', id).execute();
    },
    async countMappings(id: number) {
      const row = await db
        .selectFrom('userStrategyMappings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userBrokerId', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async userExists(userId: number) {
      return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
    },
  };
}

export type BrokersRepository = ReturnType<typeof createBrokersRepository>;
export type UserBrokerWithName = NonNullable<Awaited<ReturnType<BrokersRepository['findById']>>>;
