import type { FeedState, TokenState } from '@app/contract';
import { calendarDay, closureReason, nextOpen, type HolidayDay } from '../calendar/calendar.logic.js';
import { marketState, type Hours } from '../instruments/market-hours.logic.js';

/*
 * The status strip's answers (issue 32 item 6), pure: is the market open, is the feed alive, is each account's
 * token good. The service gathers the inputs; the words are the web's.
 */

/** A feed quiet longer than this while the market is open is stale: an index ticks every second or so. */
export const FEED_STALE_AFTER_MS = 60_000;

export interface MarketNow {
  isOpen: boolean;
  closesAt: number | null;
  nextOpenAt: number | null;
  closedReason: string | null;
}

/** The market at `now`, NSE's holidays included: open until when, or shut until when and why. */
export function marketNow(hours: Hours, holidays: readonly HolidayDay[], now: number): MarketNow {
  const state = marketState(hours, now);
  const isOpen = state.isOpen && !calendarDay(hours, holidays, now).isClosed;
  if (isOpen) return { isOpen, closesAt: state.nextChange, nextOpenAt: null, closedReason: null };
  return {
    isOpen,
    closesAt: null,
    nextOpenAt: nextOpen(hours, holidays, now),
    closedReason: closureReason(hours, holidays, now),
  };
}

/**
 * The options feed: stopped for good (a halt names why) whatever the hour; quiet while the market is shut is
 * normal (idle); while it is open, live when a tick came within a minute, else stale.
 */
export function feedStateOf(input: {
  lastTickAt: number | null;
  haltReason: string | null;
  isMarketOpen: boolean;
  now: number;
}): FeedState {
  if (input.haltReason !== null) return 'stopped';
  if (!input.isMarketOpen) return 'idle';
  if (input.lastTickAt === null || input.now - input.lastTickAt > FEED_STALE_AFTER_MS) return 'stale';
  return 'live';
}

/** An account's token: none set, refused by the broker before its end, past its end, or good. */
export function tokenStateOf(
  account: { hasToken: boolean; expiresAt: number | null; refusedAt: number | null },
  now: number,
): TokenState {
  if (!account.hasToken) return 'missing';
  if (account.refusedAt !== null) return 'refused';
  if (account.expiresAt !== null && account.expiresAt <= now) return 'expired';
  return 'ok';
}
