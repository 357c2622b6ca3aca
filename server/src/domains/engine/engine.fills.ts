import type { Transaction as TransactionDto } from '@app/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { countTransactions } from '../../db/transaction-counts.js';
import { toTransaction } from '../transactions/transactions.presenter.js';
import type { MappingState, NewFill, WrittenFill } from './engine.types.js';

/** Rows per multi-row INSERT: keeps statements within both engines' parameter limits. */
const BATCH = 500;

/** What tells a written row from the others of its statement. */
interface RowFacts {
  mappingId: number | null;
  tradingSymbol: string;
  quantity: number;
  pricePaise: number;
  orderId: number | null;
  brokerTradeId?: string | null | undefined;
}
const keyOf = (r: RowFacts) =>
  `${r.mappingId}|${r.tradingSymbol}|${r.quantity}|${r.pricePaise}|${r.orderId}|${r.brokerTradeId ?? ''}`;

/** Inserts transactions and returns them as written (ids included). */
export async function insertFills(trx: Transaction<DB>, fills: NewFill[], at: number): Promise<WrittenFill[]> {
  const written: WrittenFill[] = [];
  for (let i = 0; i < fills.length; i += BATCH) {
    const rows = fills.slice(i, i + BATCH).map((f) => ({ ...f, transactionDate: at }));
    const ids = await trx
      .insertInto('transactions')
      .values(rows)
      .returning(['id', 'mappingId', 'tradingSymbol', 'quantity', 'pricePaise', 'orderId', 'brokerTradeId'])
      .execute();
    // RETURNING order is not promised by SQLite, so rows are matched back by content (an order's trades
    // differ by trade id and price, so each id goes back to its own trade).
    const pending = new Map<string, (NewFill & { transactionDate: number })[]>();
    for (const r of rows) {
      const key = keyOf(r);
      pending.set(key, [...(pending.get(key) ?? []), r]);
    }
    for (const r of ids) {
      const key = keyOf(r);
      const match = pending.get(key)?.shift();
      if (match) written.push({ ...match, id: r.id });
    }
  }
  await countTransactions(trx, fills);
  return written;
}

/**
 * A written fill as the transaction its owner sees, named from the mapping that made it. `date` lets a
 * candle close's 20,000 fills (one instant) share one ISO string.
 */
export function toTransactionDto(m: MappingState, f: WrittenFill, date?: string): TransactionDto {
  const facts = {
    id: f.id,
    transactionDate: f.transactionDate,
    tradingSymbol: f.tradingSymbol,
    quantity: f.quantity,
    pricePaise: f.pricePaise,
    isDummy: f.isDummy,
    userId: m.userId,
    mappingId: m.id,
    userUsername: m.username,
    strategyName: m.strategyName,
    instrumentName: m.instrumentName,
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.priceSource ? { priceSource: f.priceSource } : {}),
  };
  return date === undefined ? toTransaction(facts) : toTransaction(facts, date);
}
