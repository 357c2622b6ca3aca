import { IST_OFFSET_MS, toPaise } from '@app/contract';

/** A value of one cell, or the reason it is refused. */
export type Cell<T> = { value: T } | { problem: string };

const MINUTE_MS = 60_000;

/** A calendar date in YYYY-MM-DD that exists (no 2026-02-30), as its UTC midnight. */
function dateMs(year: string, month: string, day: string): number | null {
  const ms = Date.UTC(Number(year), Number(month) - 1, Number(day));
  const back = new Date(ms).toISOString().slice(0, 10);
  return back === `${year}-${month}-${day}` ? ms : null;
}

/** An expiry date as YYYY-MM-DD. */
export function parseExpiry(text: string): Cell<string> {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m || dateMs(m[1]!, m[2]!, m[3]!) === null) return { problem: 'must be a date as YYYY-MM-DD' };
  return { value: text };
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})$/;
const IST_LOCAL = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The offset of `Z`, `+05:30` or `-0400`, in ms. */
function offsetMs(zone: string): number | null {
  if (zone === 'Z') return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!m || Number(m[2]) > 23 || Number(m[3]) > 59) return null;
  const ms = (Number(m[2]) * 60 + Number(m[3])) * MINUTE_MS;
  return m[1] === '-' ? -ms : ms;
}

/**
 * A candle's minute: ISO 8601 with an offset (`2026-11-20T09:15:00+05:30`, `…Z`), or `YYYY-MM-DD HH:MM[:SS]`
 * read as IST (what Indian brokers' exports print). A candle starts on a whole minute.
 */
export function parseCandleTime(text: string): Cell<number> {
  const iso = ISO.exec(text);
  const local = iso ? null : IST_LOCAL.exec(text);
  const m = iso ?? local;
  if (!m) return { problem: 'must be ISO 8601 with an offset, or YYYY-MM-DD HH:MM (IST)' };
  const day = dateMs(m[1]!, m[2]!, m[3]!);
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  const offset = iso ? offsetMs(m[8]!) : IST_OFFSET_MS;
  if (day === null || hour > 23 || minute > 59 || second > 59 || offset === null) {
    return { problem: 'is not a real date and time' };
  }
  if (second !== 0 || Number(iso?.[7] ?? 0) !== 0) return { problem: 'must be a whole minute (a candle’s start)' };
  return { value: day + (hour * 60 + minute) * MINUTE_MS - offset };
}

/** Rupees with at most two decimals, more than zero, as paise. */
export function parseRupees(text: string): Cell<number> {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return { problem: 'must be an amount in rupees with at most 2 decimals' };
  const paise = toPaise(Number(text));
  return paise > 0 ? { value: paise } : { problem: 'must be more than 0' };
}

/** A whole count of 0 or more; empty means the file does not say (null). */
export function parseCount(text: string): Cell<number | null> {
  if (text === '') return { value: null };
  if (!/^\d{1,15}$/.test(text)) return { problem: 'must be a whole number of 0 or more, or empty' };
  return { value: Number(text) };
}

/** CE or PE, in any case. */
export function parseOptionType(text: string): Cell<'CE' | 'PE'> {
  const upper = text.toUpperCase();
  return upper === 'CE' || upper === 'PE' ? { value: upper } : { problem: 'must be CE or PE' };
}

/** An option root such as NIFTY or BANKNIFTY, upper-cased. */
export function parseUnderlying(text: string): Cell<string> {
  const upper = text.toUpperCase();
  return /^[A-Z0-9&_-]{1,32}$/.test(upper)
    ? { value: upper }
    : { problem: 'must be an option root such as NIFTY (letters, digits, & _ -; at most 32)' };
}
