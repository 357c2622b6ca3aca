/**
 * Kite's static-IP rules as pure functions (issue 31). Since 1 April 2026 Kite rejects API order requests
 * from an IP its user has not registered, a user registers at most two (primary and backup), and a change is
 * allowed once a calendar week:
 * - Kite, "Preparing to comply with SEBI's retail algo rules", https://kite.trade/forum/discussion/15912:
 *   "All order requests from an unregistered IP will be rejected… Only order endpoints will be validated
 *   against the static IP".
 * - Zerodha support, "What is a static IP and how to add one to your developer account?",
 *   https://support.zerodha.com/category/trading-and-markets/general-kite/kite-api/articles/static-ip:
 *   "Exchange rules allow just one modification per calendar week".
 */
import { IST_OFFSET_MS } from '@app/contract';
import { isIP } from 'node:net';
import { formatKiteDateTime } from '../protocols/kite-rest.js';

/** A primary and a backup. */
export const MAX_STATIC_IPS = 2;

const DAY_MS = 86_400_000;
const WEEK_DAYS = 7;

/**
 * One spelling per address, so a registered IP and a socket's address compare as strings: IPv6 in its
 * compressed lower-case form, and an IPv4-mapped IPv6 address (`::ffff:127.0.0.2`, how a dual-stack socket
 * reports an IPv4 caller) as the plain IPv4 it carries. Anything else is returned as it came.
 */
export function normalizeAddress(address: string): string {
  if (isIP(address) !== 6) return address;
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    // A zone id (`fe80::1%eth0`) is an address isIP takes but a URL does not: left as written, lower-cased.
    return address.toLowerCase();
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  const high = parseInt(mapped[1] as string, 16);
  const low = parseInt(mapped[2] as string, 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Whether `address` is this machine: all of 127.0.0.0/8 (Linux routes it all on `lo`) and `::1`. */
export function isLoopbackAddress(address: string): boolean {
  const normalized = normalizeAddress(address);
  return normalized === '::1' || (isIP(normalized) === 4 && normalized.startsWith('127.'));
}

/** A list a user may register, normalized; or why it may not be. */
export type StaticIpListCheck = { ok: true; ips: string[] } | { ok: false; message: string };

/** Checks a list of static IPs: at most two, each an IPv4 or IPv6 literal, no address twice. */
export function checkStaticIps(list: readonly string[]): StaticIpListCheck {
  if (list.length > MAX_STATIC_IPS) {
    const message = `A Kite user registers at most ${MAX_STATIC_IPS} static IPs (a primary and a backup); got ${list.length}.`;
    return { ok: false, message };
  }
  const ips: string[] = [];
  for (const entry of list) {
    if (isIP(entry) === 0) return { ok: false, message: `${JSON.stringify(entry)} is not an IPv4 or IPv6 address.` };
    const ip = normalizeAddress(entry);
    if (ips.includes(ip)) {
      return { ok: false, message: `${ip} is listed twice: the primary and the backup IP must differ.` };
    }
    ips.push(ip);
  }
  return { ok: true, ips };
}

/** Whether two registrations name the same IPs in the same order (primary first): then nothing changes. */
export const isSameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((ip, i) => ip === b[i]);

/** The start (ms) of the IST calendar week, Monday 00:00, after the one `ms` falls in. */
export function nextIstWeekStartMs(ms: number): number {
  const day = Math.floor((ms + IST_OFFSET_MS) / DAY_MS);
  // Day 0 (1 January 1970) was a Thursday: three days after a Monday.
  const daysSinceMonday = (((day + 3) % WEEK_DAYS) + WEEK_DAYS) % WEEK_DAYS;
  return (day - daysSinceMonday + WEEK_DAYS) * DAY_MS - IST_OFFSET_MS;
}

/**
 * Why a user who last changed their IPs at `changedMs` may not change them at `nowMs` (null when they may):
 * one change a calendar week, the week IST and starting on Monday. The first registration counts as the
 * week's change, as any edit in Kite's developer console does.
 */
export function weeklyChangeRefusal(
  userId: string,
  changedMs: number | null,
  nowMs: number,
): { message: string; nextChangeMs: number } | null {
  if (changedMs === null) return null;
  const nextChangeMs = nextIstWeekStartMs(changedMs);
  if (nowMs >= nextChangeMs) return null;
  const message =
    `${userId}'s static IPs were already changed this calendar week (${formatKiteDateTime(changedMs)} IST): ` +
    `exchange rules allow one change a week. The next change is allowed from Monday ` +
    `${formatKiteDateTime(nextChangeMs)} IST.`;
  return { message, nextChangeMs };
}

/**
 * Whether a Kite REST request (method, path below `/kite`) is an order request the static IP guards: place
 * (`POST /orders/{variety}`), modify (`PUT /orders/{variety}/{id}`) or cancel (`DELETE …`). Reads of the
 * order book, positions, quotes, login and the ticker are open from any address.
 */
export function isOrderRequest(method: string, path: string): boolean {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] !== 'orders') return false;
  if (method === 'POST') return segments.length === 2;
  return (method === 'PUT' || method === 'DELETE') && segments.length === 3;
}

/**
 * The refusal's message. Kite has not published its wording (docs/SANDBOX.md): this one is ours, and names
 * the address so an operator sees which one to register.
 */
export const unregisteredIpMessage = (ip: string): string =>
  `Order request from an unregistered IP (${ip}). Register your static IP on the Kite Connect developer console.`;
