import { api, IST_OFFSET_MS, type PnlDailyQuery } from '@app/contract';
import { serialiseReply, type SerialisedReply } from '../../platform/serialised-reply.js';
import { createVersionedMemo } from '../../platform/versioned-memo.js';
import {
  dayTotals,
  strategyDays,
  type BookFacts,
  type DailyFill,
  type DayTotals,
  type StrategyDay,
} from './pnl-daily.logic.js';
import type { PaperAccountBook } from '../brokers/broker-funds.service.js';
import { paperAccountBooks } from './paper-accounts.logic.js';
import { toPnlDay } from './pnl.presenter.js';

const DAY_MS = 86_400_000;
/** Written replies kept per user and version: one per window asked. */
const WINDOWS_KEPT = 8;

/** The instant an IST day (`YYYY-MM-DD`, validated by the contract) begins. */
export const istDayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;

/**
 * What P&L by day reads: the ledger's own reads of a user's fills (with the account and order each is on)
 * and strategies, so which contract note a fill lands on is decided in one place (ledger.repository.ts), and
 * the fingerprint of a user's fills that changes with every fill booked for them.
 */
export interface PnlReads {
  accountFills(userIds: readonly number[]): Promise<DailyFill[]>;
  mappings(scope: { userId: number }): Promise<Array<BookFacts & { userBrokerId: number | null }>>;
  fillVersions(userIds: readonly number[]): Promise<Map<number, string>>;
}

export function createPnlService(reads: PnlReads) {
  /**
   * Each user's strategy-days over all their fills, kept while the fills (fingerprint) and the strategies
   * (mode, name, account: which note a fill is on) stay the same: a window is cut from them per request, as
   * fills after a window change none of its days (FIFO runs forward, and a note is one day's).
   */
  const memo = createVersionedMemo<StrategyDay[]>();

  /**
   * The replies already written per user, by window, for the version they were cut from: the P&L screen asks
   * for the same window every few seconds, and cutting, checking and writing 90 days of 200 strategies costs far
   * more than reading the version. A new version (a fill, a strategy's mode or name) starts them over.
   */
  const replies = createVersionedMemo<Map<string, SerialisedReply<typeof api.pnl.daily>>>();

  /** What the user's days are made from now: the fills' fingerprint and the strategies as they run. */
  async function versionOf(userId: number) {
    const [versions, books] = await Promise.all([reads.fillVersions([userId]), reads.mappings({ userId })]);
    const shown = books.map((b) => `${b.id}:${b.isDummy}:${b.userBrokerId}:${b.strategyName}`).join(',');
    return { version: `${versions.get(userId) ?? '0'}|${shown}`, books };
  }

  /** The caller's strategies' days of the window, in paise, made from `made` (read now unless given). */
  async function days(
    userId: number,
    query: PnlDailyQuery,
    made?: Awaited<ReturnType<typeof versionOf>>,
  ): Promise<DayTotals[]> {
    const fromMs = istDayStart(query.from);
    const toMs = istDayStart(query.to) + DAY_MS;
    const { version, books } = made ?? (await versionOf(userId));
    const all = await memo.get(userId, version, async () => strategyDays(await reads.accountFills([userId]), books));
    return dayTotals(all, fromMs, toMs);
  }

  return {
    days,
    /** What each of the user's accounts' paper strategies have booked, keyed by account (paper-accounts.logic.ts). */
    paperAccounts: async (userId: number): Promise<Map<number, PaperAccountBook>> => {
      const [fills, books] = await Promise.all([reads.accountFills([userId]), reads.mappings({ userId })]);
      return paperAccountBooks(fills, books);
    },
    /**
     * The caller's own P&L by day (an admin's too: their own strategies, as /positions has it), as the route's
     * reply written once per window and version (`replies`).
     */
    async dailyReply(userId: number, query: PnlDailyQuery): Promise<SerialisedReply<typeof api.pnl.daily>> {
      const made = await versionOf(userId);
      const byWindow = await replies.get(userId, made.version, () => new Map());
      const window = `${query.from}|${query.to}`;
      const kept = byWindow.get(window);
      if (kept) return kept;
      const reply = serialiseReply(api.pnl.daily, { days: (await days(userId, query, made)).map(toPnlDay) });
      // A few windows per user (the screen's, a picked range or two); more start over.
      if (byWindow.size >= WINDOWS_KEPT) byWindow.clear();
      byWindow.set(window, reply);
      return reply;
    },
  };
}

export type PnlService = ReturnType<typeof createPnlService>;
