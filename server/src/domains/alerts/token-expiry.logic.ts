import { nextOpen, type HolidayDay } from '../calendar/calendar.logic.js';
import { marketState, type Hours } from '../instruments/market-hours.logic.js';
import type { ExpiringToken } from './alert-text.logic.js';

/** A running live strategy's broker account and the hours of the market it trades. */
export interface LiveTokenRow {
  userId: number;
  userBrokerId: number;
  brokerUsername: string;
  hasToken: boolean;
  tokenUpdatedAt: number | null;
  /** When a token of the account's broker stops working after it was generated (`Broker.rules.tokenExpiresAt`). */
  tokenExpiresAt: (generatedAt: number) => number;
  hours: Hours;
}

/**
 * The broker accounts whose access token will have expired (by its broker's rule, e.g. the next 06:00 IST
 * after it was issued) before the market of one of their running live strategies next opens. Asked only
 * while that market is shut, so the trader hears it after the day's session (or before the open), not at the
 * open itself. A token already expired is the engine's to pause; an account appears once, with its earliest
 * next open.
 */
export function expiringTokens(rows: readonly LiveTokenRow[], holidays: readonly HolidayDay[], now: number) {
  const byAccount = new Map<number, ExpiringToken>();
  for (const row of rows) {
    if (!row.hasToken || row.tokenUpdatedAt === null) continue;
    const expiresAt = row.tokenExpiresAt(row.tokenUpdatedAt);
    if (now >= expiresAt || marketState(row.hours, now).isOpen) continue;
    const open = nextOpen(row.hours, holidays, now);
    if (open === null || expiresAt > open) continue;
    const seen = byAccount.get(row.userBrokerId);
    if (seen && seen.nextOpen <= open) continue;
    byAccount.set(row.userBrokerId, {
      userId: row.userId,
      userBrokerId: row.userBrokerId,
      brokerUsername: row.brokerUsername,
      tokenUpdatedAt: row.tokenUpdatedAt,
      expiresAt,
      nextOpen: open,
    });
  }
  return [...byAccount.values()];
}
