import type { PaperAccountBook } from '../brokers/broker-funds.service.js';
import { strategyDays, type BookFacts, type DailyFill } from './pnl-daily.logic.js';

/**
 * Each account's paper books over all of a user's fills, keyed by `userBrokerId`: the same FIFO and contract
 * notes as P&L by day (strategyDays), so an account's booked figure is the sum of its strategies' daily
 * net P&L to the paisa. Only strategies running on paper are counted: a Paper account holds no other kind.
 */
export function paperAccountBooks(
  fills: readonly DailyFill[],
  books: ReadonlyArray<BookFacts & { userBrokerId: number | null }>,
): Map<number, PaperAccountBook> {
  const accountOf = new Map<number, number>();
  for (const b of books) if (b.isDummy === 1 && b.userBrokerId !== null) accountOf.set(b.id, b.userBrokerId);
  const out = new Map<number, PaperAccountBook>();
  const entry = (account: number) => {
    let e = out.get(account);
    if (!e) out.set(account, (e = { bookedPaise: 0 }));
    return e;
  };
  for (const id of accountOf.values()) entry(id);
  const paperBooks = books.filter((b) => accountOf.has(b.id));
  for (const day of strategyDays(fills, paperBooks)) {
    entry(accountOf.get(day.mappingId)!).bookedPaise += day.realizedPaise - day.chargesPaise;
  }
  return out;
}
