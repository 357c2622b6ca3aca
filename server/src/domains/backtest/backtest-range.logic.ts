import { BACKTEST_MAX_YEARS, IST_OFFSET_MS } from '@app/contract';

/*
 * A backtest's range as the trader writes it: whole IST days (`2026-01-01` to `2026-03-31` is both days in full)
 * or date-times to the minute (IST unless a zone is written). Pure.
 */

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HAS_ZONE = /(Z|[+-]\d{2}:\d{2})$/;

/** The instant a bound names: a date's IST midnight (the next one for `to`, so the day is whole), or the minute. */
export function boundAt(text: string, side: 'from' | 'to'): number | null {
  if (DATE_ONLY.test(text)) {
    const midnight = Date.parse(`${text}T00:00:00Z`) - IST_OFFSET_MS;
    if (Number.isNaN(midnight) || new Date(midnight + IST_OFFSET_MS).toISOString().slice(0, 10) !== text) return null;
    return side === 'to' ? midnight + DAY_MS : midnight;
  }
  const at = Date.parse(HAS_ZONE.test(text) ? text : `${text}+05:30`);
  return Number.isNaN(at) ? null : Math.floor(at / 60_000) * 60_000;
}

/** The range's instants, or the field and why it is refused. */
export function rangeOf(
  from: string,
  to: string,
): { fromAt: number; toAt: number } | { field: 'from' | 'to'; message: string } {
  const fromAt = boundAt(from, 'from');
  if (fromAt === null) return { field: 'from', message: `from is not a real date: ${from}` };
  const toAt = boundAt(to, 'to');
  if (toAt === null) return { field: 'to', message: `to is not a real date: ${to}` };
  if (toAt <= fromAt) return { field: 'to', message: 'to must be after from' };
  if (toAt - fromAt > BACKTEST_MAX_YEARS * 366 * DAY_MS) {
    return {
      field: 'to',
      message: `A backtest covers at most ${BACKTEST_MAX_YEARS} years: choose a later from or an earlier to`,
    };
  }
  return { fromAt, toAt };
}
