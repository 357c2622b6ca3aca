/**
 * Where a broker account's order calls leave from (issue 31), and whether the broker would take them from there.
 * Since 1 April 2026 Kite rejects API orders (place, modify, cancel) from an IP the account has not registered,
 * a primary and a backup at most, and lets only a family share one (Zerodha, "What is a static IP and how to add
 * one to your developer account?", support.zerodha.com; Kite forum, discussion 15912). Pure: no I/O here.
 */
import { isIP } from 'node:net';

/** The server's own route, a proxy (http, https or socks5), or one of the server's addresses. */
export type Egress = { kind: 'server' } | { kind: 'proxy'; url: string } | { kind: 'bind'; address: string };

export const SERVER_EGRESS: Egress = { kind: 'server' };

/** What the account's row stores, the proxy URL already unsealed. */
export interface EgressColumns {
  proxyUrl: string | null;
  bindAddress: string | null;
}

export function egressOf(columns: EgressColumns): Egress {
  if (columns.proxyUrl) return { kind: 'proxy', url: columns.proxyUrl };
  if (columns.bindAddress) return { kind: 'bind', address: columns.bindAddress };
  return SERVER_EGRESS;
}

/** A proxy as `scheme://host:port`: its user and password are secrets and never leave the server. */
export function shownProxy(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/** How the screens show an egress; null for the server's own route. */
export function shownEgress(egress: Egress): string | null {
  if (egress.kind === 'proxy') return shownProxy(egress.url);
  if (egress.kind === 'bind') return egress.address;
  return null;
}

/**
 * One name per place orders leave from, for the family rule: two accounts with the same name share an IP. A
 * proxy is named by its host, port and user (a dedicated-IP gateway picks the exit by user; the password does not
 * change it); two names that exit at one IP are caught by the IPs the checks found.
 */
export function egressIdentity(egress: Egress): string {
  if (egress.kind === 'proxy') return `proxy ${shownProxy(egress.url)} ${new URL(egress.url).username}`;
  if (egress.kind === 'bind') return `bind ${normalIp(egress.address)}`;
  return 'server';
}

/** An address as compared: IPv4-mapped IPv6 as plain IPv4, lower case. */
export function normalIp(ip: string): string {
  const lower = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return mapped[1]!;
  // IPv6 in its one short form (2001:db8:0::1 and 2001:db8::1 are one address), as URL writes it.
  return isIP(lower) === 6 ? new URL(`http://[${lower}]/`).hostname.slice(1, -1) : lower;
}

/** The registered IPs as stored (a JSON list); anything unreadable is no list. */
export function registeredIpsOf(stored: string | null | undefined): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((ip): ip is string => typeof ip === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * What an echo URL answered, as an IP: a bare address (`203.0.113.7`, as ipify or ifconfig.me answer), or JSON
 * with `ip` (ipify's `?format=json`, the sandbox's `/control/whoami`). Null when it is none of these (httpbin's
 * `origin` is not read: behind a forwarding proxy it lists the console's own address first).
 */
export function ipFromEcho(body: string): string | null {
  const text = body.trim();
  if (isIP(text)) return normalIp(text);
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const field = typeof parsed.ip === 'string' ? parsed.ip.trim() : '';
    return isIP(field) ? normalIp(field) : null;
  } catch {
    return null;
  }
}

/**
 * Whether an account's egress is checked at all: it registered IPs (the broker's rule), or leaves from a place of
 * its own (the family rule). One on the server's own route that registered nothing has nothing to compare.
 */
export function isEgressChecked(plan: { egress: Egress; registeredIps: string[] }): boolean {
  return plan.registeredIps.length > 0 || plan.egress.kind !== 'server';
}

/**
 * Whether an account's egress was checked in its current broker session: since its token was set (a token pasted
 * by hand, or set while the echo could not answer, starts a session nobody has checked yet).
 */
export function isCheckedInSession(row: { egressCheckedAt: number | null; tokenUpdatedAt: number | null }): boolean {
  return row.egressCheckedAt !== null && (row.tokenUpdatedAt === null || row.egressCheckedAt >= row.tokenUpdatedAt);
}

export interface EgressFinding {
  brokerUsername: string;
  /** How traders call the broker ("Kite"). */
  brokerLabel: string;
  registeredIps: string[];
  /** The public IP the egress was found to leave from; null: it could not be learned. */
  publicIp: string | null;
  /** Why it could not be learned (already in a trader's words), when `publicIp` is null. */
  unknownBecause?: string | undefined;
}

/**
 * Why the broker would refuse the account's orders from its egress, in the words the 409 and the row show; null
 * when they would go. An account with no registered IPs is not checked: it has not declared any (the screens
 * warn that its live orders will be refused).
 */
export function egressRefusal(finding: EgressFinding): string | null {
  const { brokerUsername, brokerLabel, registeredIps } = finding;
  if (registeredIps.length === 0) return null;
  const registered = `${brokerLabel} has ${registeredIps.join(' and ')} registered`;
  if (finding.publicIp === null) {
    return `cannot tell which IP orders for ${brokerUsername} would leave from (${finding.unknownBecause ?? 'unknown'}); ${registered}`;
  }
  if (registeredIps.some((ip) => normalIp(ip) === finding.publicIp)) return null;
  return `orders for ${brokerUsername} would leave from ${finding.publicIp}; ${registered}`;
}

export interface EgressNeighbour {
  userId: number;
  brokerUsername: string;
  familyGroup: string | null;
  identity: string;
  /** The public IP its last check found (null: none known). */
  publicIp: string | null;
}

/** Family names as compared: trimmed, any letter case ("Sharma" and "sharma" are one family). */
const familyOf = (group: string | null) => (group === null ? null : group.trim().toLowerCase() || null);

/**
 * Two traders' accounts may leave from one place only as one declared family (SEBI's framework lets a family
 * share a static IP; Zerodha suspends API access where unrelated accounts share one). A trader's own accounts
 * may always share. Returns the refusal for `account`, or null.
 */
export function familyRefusal(account: EgressNeighbour, others: EgressNeighbour[]): string | null {
  const family = familyOf(account.familyGroup);
  // One place: the same configured egress, or the same public IP found behind two (a proxy by name and by IP).
  const sameExit = (other: EgressNeighbour) =>
    (other.identity === account.identity && account.identity !== 'server') ||
    (account.publicIp !== null && other.publicIp !== null && normalIp(other.publicIp) === account.publicIp);
  const clash = others.find(
    (other) =>
      other.userId !== account.userId && sameExit(other) && (family === null || familyOf(other.familyGroup) !== family),
  );
  if (!clash) return null;
  // The other account is another trader's: nothing of it is named.
  return (
    `orders for ${account.brokerUsername} would leave from the same address as another trader's account, and only ` +
    `one family may share an IP: give the account its own egress, or the Family Group you share with that trader`
  );
}
