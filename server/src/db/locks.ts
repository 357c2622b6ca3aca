import type { Transaction } from 'kysely';
import type { DbKind } from './client.js';
import type { DB } from './schema.js';

/**
 * Serialises one user's check-then-insert transactions (a double-clicked create, two tabs, two servers).
 * PostgreSQL: the user's row is locked until the transaction ends. SQLite has one writer and Kysely runs a
 * transaction on its single connection, so the transaction alone already serialises.
 */
export async function lockUserRow(trx: Transaction<DB>, kind: DbKind, userId: number): Promise<void> {
  if (kind !== 'postgres') return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}
