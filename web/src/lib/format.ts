import { IST_OFFSET_MS, IST_ZONE, zoneLabel as zoneLabelAt } from '@app/contract';
/**
 * Plain-word formatting for every screen: Indian digit grouping (1,23,456), rupees (₹1,23,456.50)
 * and times in IST or an instrument's own zone, always with the zone named, so nobody has to guess
 * whether "09:15" is the browser's clock or the exchange's.
 */

export { IST_ZONE };

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 8 });
const price = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 8 });

/** Price in INR, Indian digit grouping (₹1,23,456.50). */
export function formatInr(rupees: number): string {
  return inr.format(rupees);
}

/** A count or quantity with Indian digit grouping (1,23,456); fractions (crypto lots) are kept. */
export function formatQuantity(n: number): string {
  return grouped.format(n);
}

/** A price without the currency sign, Indian grouping, at least two decimals (1,23,456.50). */
export function formatPrice(n: number): string {
  return price.format(n);
}

/** SPEC §3: positive quantity is a SELL, negative a BUY; the absolute value is shown. */
export function sideOf(quantity: number): { side: 'SELL' | 'BUY'; quantity: number } {
  return { side: quantity > 0 ? 'SELL' : 'BUY', quantity: Math.abs(quantity) };
}

type Instant = string | number | Date;
const toDate = (at: Instant) => (at instanceof Date ? at : new Date(at));

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Intl formatters are costly to build and a table formats hundreds of cells: one per zone and shape. */
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-IN', options);
    formatters.set(key, f);
  }
  return f;
}

/** A short name of `timeZone` at that instant (IST for India); see the contract's zoneLabel. */
export function zoneLabel(timeZone: string, at: Instant = Date.now()): string {
  return zoneLabelAt(timeZone, toDate(at));
}

function parts(at: Instant, timeZone: string, withSeconds: boolean): Record<string, string> {
  const f = formatter(`dt|${timeZone}|${withSeconds}`, {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  });
  return Object.fromEntries(f.formatToParts(toDate(at)).map((p) => [p.type, p.value]));
}

/** Date and time in `timeZone` with the zone named: "23 Nov 2026, 14:05:09 IST". */
export function formatDateTimeIn(at: Instant, timeZone: string, options: { seconds?: boolean } = {}): string {
  const withSeconds = options.seconds ?? true;
  const p = parts(at, timeZone, withSeconds);
  const time = withSeconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
  return `${p.day} ${p.month} ${p.year}, ${time} ${zoneLabel(timeZone, at)}`;
}

/** Date and time in India: "23 Nov 2026, 14:05:09 IST". */
export function formatDateTimeIst(at: Instant): string {
  return formatDateTimeIn(at, IST_ZONE);
}

/** The older name of {@link formatDateTimeIst}, kept for screens that still call it. */
export const formatDateTime = formatDateTimeIst;

/** Clock time in `timeZone` with the zone named: "14:05:09 IST" (or "14:05 IST" without seconds). */
export function formatTimeIn(at: Instant, timeZone: string, options: { seconds?: boolean } = {}): string {
  const withSeconds = options.seconds ?? true;
  const p = parts(at, timeZone, withSeconds);
  const time = withSeconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
  return `${time} ${zoneLabel(timeZone, at)}`;
}

/** Clock time in India: "14:05:09 IST". */
export function formatTimeIst(at: Instant): string {
  return formatTimeIn(at, IST_ZONE);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as a datetime-local value (`YYYY-MM-DDTHH:mm`) on the Indian clock. India keeps no
 * daylight saving, so a fixed +05:30 is exact.
 */
export function toIstInput(at: Instant): string {
  const d = new Date(toDate(at).getTime() + IST_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A datetime-local value read on the Indian clock, as a UTC ISO instant; null when it is not a date. */
export function istInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const ms = Date.parse(`${value.length === 16 ? `${value}:00` : value}+05:30`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** SPEC §5: numeric form fields are parsed as integers, falling back to 0. */
export function toInt(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}
