import { sql, type Kysely, type Transaction } from 'kysely';
import type { DbKind } from '../../db/client.js';
import type { DB, NewUser, UserUpdate } from '../../db/schema.js';

class LastAdminError extends Error {}
class StillTradingError extends Error {}

export function createUsersRepository(db: Kysely<DB>, kind: DbKind) {
  /**
   * Runs a change to users inside a transaction and rolls it back if no admin would remain.
   * On PostgreSQL the admin rows are locked first so two concurrent demotions cannot both pass;
   * SQLite serializes writers anyway.
   */
  async function keepingAnAdmin<T>(change: (trx: Transaction<DB>) => Promise<T>): Promise<T | 'last-admin'> {
    try {
      return await db.transaction().execute(async (trx) => {
        if (kind === 'postgres') {
          await trx.selectFrom('users').select('id').where('role', '=', 'admin').forUpdate().execute();
        }
        const result = await change(trx);
        const admins = await trx
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('role', '=', 'admin')
          .executeTakeFirstOrThrow();
        if (Number(admins.n) === 0) throw new LastAdminError();
        return result;
      });
    } catch (err) {
      if (err instanceof LastAdminError) return 'last-admin';
      throw err;
    }
  }

  /**
   * Whether a user still trades: a strategy running or paused, a leg open or an order awaiting the broker.
   * Deleting them would cascade those rows away and leave real broker positions with no record. On
   * PostgreSQL their mappings are locked first, so a Start or a fill cannot slip in before the delete.
   */
  async function isTrading(trx: Transaction<DB>, userId: number): Promise<boolean> {
    if (kind === 'postgres') {
      await trx.selectFrom('userStrategyMappings').select('id').where('userId', '=', userId).forUpdate().execute();
    }
    const live = await trx
      .selectFrom('userStrategyMappings')
      .select('id')
      .where('userId', '=', userId)
      .where('runningStatus', '!=', 0)
      .union(trx.selectFrom('strategyLegs').select('id').where('userId', '=', userId).where('status', '=', 'open'))
      .union(trx.selectFrom('brokerOrders').select('id').where('userId', '=', userId).where('status', '=', 'pending'))
      .limit(1)
      .execute();
    return live.length > 0;
  }

  return {
    list() {
      return db.selectFrom('users').select(['id', 'username', 'role']).orderBy('id').execute();
    },
    findById(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The user whose name equals `username` ignoring letter case (names are ASCII, SPEC's pattern). */
    findByUsernameAnyCase(username: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username'])
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },
    async count() {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async countAdmins() {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insert(user: NewUser) {
      return db.insertInto('users').values(user).returning(['id', 'username', 'role']).executeTakeFirstOrThrow();
    },
    update(id: number, patch: UserUpdate) {
      return keepingAnAdmin((trx) =>
        trx
          .updateTable('users')
          .set(patch)
          .where('id', '=', id)
          .returning(['id', 'username', 'role'])
          .executeTakeFirst(),
      );
    },
    /** Deletes a user who no longer trades; 'still-trading' leaves them in place. */
    async remove(id: number): Promise<boolean | 'last-admin' | 'still-trading'> {
      try {
        return await keepingAnAdmin(async (trx) => {
          if (await isTrading(trx, id)) throw new StillTradingError();
          const result = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
          return Number(result.numDeletedRows) > 0;
        });
      } catch (err) {
        if (err instanceof StillTradingError) return 'still-trading';
        throw err;
      }
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
