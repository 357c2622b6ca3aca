import type { UserBroker } from '@app/contract';

/** Where an account's orders leave from (issue 31): the server's own route, a proxy, or one of its addresses. */
export type EgressKind = UserBroker['egress_kind'];

export const EGRESS_CHOICES: ReadonlyArray<{ value: EgressKind; label: string }> = [
  { value: 'server', label: "This server's address" },
  { value: 'proxy', label: 'A proxy' },
  { value: 'bind', label: "One of this server's addresses" },
];

/** What the account stores of its egress, as the list of accounts returns it. */
export type StoredEgress = Pick<UserBroker, 'egress_kind' | 'egress_shown' | 'registered_ips' | 'family_group'>;

/** The "Order egress" part of the broker form, as typed. */
export interface EgressFormValues {
  primary_ip: string;
  backup_ip: string;
  egress_kind: EgressKind;
  /** Never filled from the account (it may carry a user and password); empty on edit keeps the stored proxy. */
  egress_proxy_url: string;
  egress_bind_address: string;
  family_group: string;
}

/** The egress fields of a create or update body; each one left out keeps (on update) or means none (on create). */
export interface EgressBodyFields {
  egress_proxy_url?: string;
  egress_bind_address?: string;
  registered_ips?: string[];
  family_group?: string;
}

export const EGRESS_MESSAGES = {
  backupWithoutPrimary: 'Enter the Primary IP first; the Backup IP is the second address you registered',
  proxyMissing: "Enter the proxy's URL, like http://host:3128, or choose another egress",
  bindMissing: "Enter one of this server's addresses, like 203.0.113.7, or choose another egress",
};

export function emptyEgressForm(): EgressFormValues {
  return {
    primary_ip: '',
    backup_ip: '',
    egress_kind: 'server',
    egress_proxy_url: '',
    egress_bind_address: '',
    family_group: '',
  };
}

/** Edit mode shows everything stored except the proxy, which only the list's `egress_shown` names. */
export function egressToForm(b: StoredEgress): EgressFormValues {
  return {
    primary_ip: b.registered_ips[0] ?? '',
    backup_ip: b.registered_ips[1] ?? '',
    egress_kind: b.egress_kind,
    egress_proxy_url: '',
    egress_bind_address: b.egress_kind === 'bind' ? (b.egress_shown ?? '') : '',
    family_group: b.family_group ?? '',
  };
}

/** A select's value as an egress kind; anything else is the server's own address. */
export function toEgressKind(value: string): EgressKind {
  return EGRESS_CHOICES.find((c) => c.value === value)?.value ?? 'server';
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function registeredIpsField(v: EgressFormValues, stored: StoredEgress | null): EgressBodyFields | string {
  const primary = v.primary_ip.trim();
  const backup = v.backup_ip.trim();
  if (!primary && backup) return EGRESS_MESSAGES.backupWithoutPrimary;
  const ips = [primary, backup].filter(Boolean);
  if (stored ? sameList(ips, stored.registered_ips) : ips.length === 0) return {};
  return { registered_ips: ips };
}

function familyGroupField(v: EgressFormValues, stored: StoredEgress | null): EgressBodyFields {
  const family = v.family_group.trim();
  if (stored ? family === (stored.family_group ?? '') : family === '') return {};
  return { family_group: family };
}

/**
 * The proxy and bind address. On create only the chosen one goes (nothing for the server's address). On
 * update nothing goes while the egress is unchanged (an empty proxy URL keeps the stored proxy); a change
 * sends both, the chosen one set and the other empty, so "This server's address" sends two empty strings.
 */
function routeFields(v: EgressFormValues, stored: StoredEgress | null): EgressBodyFields | string {
  const proxy = v.egress_proxy_url.trim();
  const bind = v.egress_bind_address.trim();
  const storedKind = stored?.egress_kind ?? 'server';
  if (v.egress_kind === 'proxy' && !proxy) return storedKind === 'proxy' ? {} : EGRESS_MESSAGES.proxyMissing;
  if (v.egress_kind === 'bind' && !bind) return EGRESS_MESSAGES.bindMissing;
  const chosen = {
    egress_proxy_url: v.egress_kind === 'proxy' ? proxy : '',
    egress_bind_address: v.egress_kind === 'bind' ? bind : '',
  };
  if (!stored) {
    if (v.egress_kind === 'proxy') return { egress_proxy_url: proxy };
    return v.egress_kind === 'bind' ? { egress_bind_address: bind } : {};
  }
  const isUnchanged =
    v.egress_kind === storedKind &&
    (v.egress_kind === 'server' || (v.egress_kind === 'bind' && bind === stored.egress_shown));
  return isUnchanged ? {} : chosen;
}

/**
 * The egress fields of the body, following the contract's rules (omitted keeps, empty removes), or the
 * first thing the trader still has to fill in. `stored` is the account being edited, null when adding one.
 * The values themselves are checked afterwards by the contract schema with the rest of the body.
 */
export function egressBodyFields(
  v: EgressFormValues,
  stored: StoredEgress | null,
): { ok: true; fields: EgressBodyFields } | { ok: false; error: string } {
  const ips = registeredIpsField(v, stored);
  if (typeof ips === 'string') return { ok: false, error: ips };
  const route = routeFields(v, stored);
  if (typeof route === 'string') return { ok: false, error: route };
  return { ok: true, fields: { ...ips, ...route, ...familyGroupField(v, stored) } };
}
