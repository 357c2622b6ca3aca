/**
 * Which expiry a leg of a `legs` strategy trades (issue 33), from the expiries its underlying's chain lists. Pure.
 *
 * - current week: the nearest expiry on or after today (on an expiry day, today's contract: a 0-DTE leg is
 *   what a builder's "current week" means then);
 * - next week: the one after it;
 * - current month: the month's own contract, the last listed expiry in the month of the nearest one (NSE's
 *   monthly contract expires on the month's last expiry day; NSE/FAOP/70616, 3 Oct 2025, for 2026's days).
 */
import type { LegExpiry } from './legs.js';

/** Listed expiries on or after `today` (YYYY-MM-DD), unique, earliest first. */
export function expiriesFrom(expiries: Iterable<string>, today: string): string[] {
  return [...new Set(expiries)].filter((e) => e >= today).sort();
}

/** The expiry `kind` names among `upcoming` (expiriesFrom's list), or null when the chain lists none. */
export function expiryFor(kind: LegExpiry, upcoming: readonly string[]): string | null {
  const nearest = upcoming[0];
  if (nearest === undefined) return null;
  if (kind === 'current_week') return nearest;
  if (kind === 'next_week') return upcoming[1] ?? null;
  const month = nearest.slice(0, 7);
  return upcoming.filter((e) => e.startsWith(month)).at(-1) ?? null;
}
