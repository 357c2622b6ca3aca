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

/** User ids per read: under every database's bound-parameter limit. */
const USERS_PER_READ = 5000;

/**
 * Users' fill counts, one `transaction_counts` row each (a user with no fill has none, read as 0). Fills are only
 * ever added (never edited, nor deleted but with their user), and every writer adds to the count in the fills'
 * own transaction, so a count moves with every fill, on any instance: the fingerprint the screens' memos read
 * instead of counting a user's fills (~1.6 ms for 20,000).
 */
export async function readFillCounts(db: Kysely<DB>, userIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < userIds.length; i += USERS_PER_READ) {
    const rows = await db
      .selectFrom('transactionCounts')
      .select(['userId', 'n'])
      .where('userId', 'in', userIds.slice(i, i + USERS_PER_READ))
      .execute();
    for (const r of rows) out.set(Number(r.userId), Number(r.n));
  }
  return out;
}
