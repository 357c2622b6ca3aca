/**
 * What a Multi-leg strategy's rules keep between decisions (issue 33), as `legs_configs.memo` holds it (JSON text,
 * migration 202611290500): per configured leg, the contract it entered, its first entry's price, the re-entries
 * used, why it is out while it is out, and its trailing stop; and the range or reference price today's entry waits
 * on. The engine writes it under the strategy's lock before the orders a decision sends (decision-memo.ts). Pure.
 */
import type { ExitReason } from './leg-exits.logic.js';
import type { EntryWatch } from './legs-entry.logic.js';

export interface LegMemo {
  /** The contract the leg's latest entry chose. */
  symbol: string;
  /** The price of the leg's first entry of the run (the mark `at_entry_price` re-enters at), once it is held. */
  firstEntryPaise: number | null;
  /** Re-entries sent so far. */
  reEntries: number;
  /** Why it is out, while it is out: its exit, the price that exit was decided at, and whether a re-entry waits. */
  out: { reason: ExitReason; atPaise: number; isWaiting: boolean } | null;
  /**
   * The held leg's trailing stop (the holding entered at `entryPaise`; a re-entry starts afresh): its best price,
   * whether it trails yet, and the stop in force.
   */
  trail: { entryPaise: number; bestPaise: number; isActive: boolean; stopPaise: number | null } | null;
}

export interface LegsMemo {
  /** By configured leg, from the latest entry; empty before the first. */
  legs: LegMemo[];
  /**
   * The entry's range or reference price, for the trading day `day` (YYYY-MM-DD, exchange time) only, and the
   * words of its last close ("Waiting for NIFTY above ₹23,410.50 …"), which the row shows.
   */
  entry: { day: string; watch: EntryWatch | null; words: string | null } | null;
}

export const EMPTY_MEMO: LegsMemo = { legs: [], entry: null };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The memo as kept, or an empty one when none is (or it cannot be read: a memo from a version that kept
 * another shape starts afresh rather than acting on half of it).
 */
export function readMemo(text: string | null | undefined): LegsMemo {
  if (!text) return EMPTY_MEMO;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isObject(parsed) || !Array.isArray(parsed.legs)) return EMPTY_MEMO;
    const legs = parsed.legs.filter((l): l is LegMemo => isObject(l) && typeof l.symbol === 'string');
    if (legs.length !== parsed.legs.length) return EMPTY_MEMO;
    const entry = isObject(parsed.entry) && typeof parsed.entry.day === 'string' ? parsed.entry : null;
    return { legs, entry: entry as LegsMemo['entry'] };
  } catch {
    return EMPTY_MEMO;
  }
}

export const writeMemo = (memo: LegsMemo): string => JSON.stringify(memo);

/** A fresh leg memo for an entry of `symbol`. */
export const enteredLeg = (symbol: string): LegMemo => ({
  symbol,
  firstEntryPaise: null,
  reEntries: 0,
  out: null,
  trail: null,
});

/** Today's entry watch (another day's reads as none: a range or a reference is a day's). */
export const watchOf = (memo: LegsMemo, day: string): EntryWatch | null =>
  memo.entry?.day === day ? memo.entry.watch : null;
