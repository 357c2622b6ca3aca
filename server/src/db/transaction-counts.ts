import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

/**
 * Adds to users' transaction counts inside the transaction that wrote their fills (one upsert per user,
 * however many fills), so `total` is exact and costs one row to read. The product's fills are written by the
 * ledger's fill writer (domains/ledger/fill-writer/), whose portable path calls this; tests that write rows
 * directly call it too.
 */
export async function countTransactions(
  trx: Kysely<DB> | Transaction<DB>,
  fills: ReadonlyArray<{ userId: number }>,
): Promise<void> {
  const perUser = new Map<number, number>();
  for (const f of fills) perUser.set(f.userId, (perUser.get(f.userId) ?? 0) + 1);
  for (const [userId, added] of perUser) {
    await trx
      .insertInto('transactionCounts')
      .values({ userId, n: added })
      .onConflict((oc) => oc.column('userId').doUpdateSet((eb) => ({ n: eb('transactionCounts.n', '+', added) })))
      .execute();
  }
}
