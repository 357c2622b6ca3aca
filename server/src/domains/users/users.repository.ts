import type { Kysely, Transaction } from 'kysely';
import type { DbKind } from '../../db/client.js';
import type { DB, NewUser, UserUpdate } from '../../db/schema.js';

class LastAdminError extends Error {}

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

  return {
    list() {
      return db.selectFrom('users').select(['id', 'username', 'role']).orderBy('id').execute();
    },
    findById(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByUsername(username: string) {
      return db.selectFrom('users').select(['id']).where('username', '=', username).executeTakeFirst();
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
    remove(id: number) {
      return keepingAnAdmin(async (trx) => {
        const result = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
