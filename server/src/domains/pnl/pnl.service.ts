import { IST_OFFSET_MS, type PnlDaily, type PnlDailyQuery } from '@app/contract';
import { dayTotals, strategyDays, type BookFacts, type DailyFill, type DayTotals } from './pnl-daily.logic.js';
import { toPnlDay } from './pnl.presenter.js';

const DAY_MS = 86_400_000;

/** The instant an IST day (`YYYY-MM-DD`, validated by the contract) begins. */
export const istDayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;

/**
 * What P&L by day reads: the ledger's own reads of a user's fills (with the account and order each is on)
 * and strategies, so which contract note a fill lands on is decided in one place (ledger.repository.ts).
 */
export interface PnlReads {
  accountFills(userIds: readonly number[]): Promise<DailyFill[]>;
  mappings(scope: { userId: number }): Promise<BookFacts[]>;
}

export function createPnlService(reads: PnlReads) {
  /** The caller's strategies' days of the window, in paise. */
  async function days(userId: number, query: PnlDailyQuery): Promise<DayTotals[]> {
    const fromMs = istDayStart(query.from);
    const toMs = istDayStart(query.to) + DAY_MS;
    const [fills, books] = await Promise.all([reads.accountFills([userId]), reads.mappings({ userId })]);
    // Fills after the window change none of its days: FIFO runs forward, and a note is one day's.
    const upTo = fills.filter((f) => f.at < toMs);
    return dayTotals(strategyDays(upTo, books), fromMs, toMs);
  }

  return {
    days,
    /** The caller's own P&L by day (an admin's too: their own strategies, as /positions has it). */
    daily: async (userId: number, query: PnlDailyQuery): Promise<PnlDaily> => ({
      days: (await days(userId, query)).map(toPnlDay),
    }),
  };
}

export type PnlService = ReturnType<typeof createPnlService>;
