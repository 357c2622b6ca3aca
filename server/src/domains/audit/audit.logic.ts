import { createHash } from 'node:crypto';
import { AUDIT_CHANGED, AUDIT_HIDDEN, type Mapping, type StopReason } from '@app/contract';

/** A changed field: its value before and after (null where the object did not exist yet, or no more). */
export type Changes = Record<string, { before: unknown; after: unknown }>;
export type Fields = Record<string, unknown>;

/**
 * Names of fields whose values must never reach the log: passwords and their hashes, sealed columns,
 * broker, bot and access tokens, API keys and secrets, TOTP and app codes, PINs. `instrument_token` is an
 * exchange's public number, not a secret, so tokens are named one by one.
 */
const SECRET_FIELD =
  /password|passwd|hash|secret|sealed|access_?token|broker_?token|request_?token|bot_?token|session_?token|api_?key|totp|app_?code|(^|_)pin($|_)|^enc_|^token$/i;

export const isSecretField = (name: string): boolean => SECRET_FIELD.test(name);

/** Bookkeeping columns that change on every write and say nothing about the action. */
const NOISE = new Set(['id', 'createdAt', 'updatedAt']);

export const toSnake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A row (Kysely's camelCase) as the log shows it: snake_case fields, without ids and timestamps, and
 * without secrets; a sealed column becomes `has_<name>`, so setting or clearing a token still shows.
 */
export function fieldsOf(row: Record<string, unknown>): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(row)) {
    if (NOISE.has(key)) continue;
    if (key.endsWith('Sealed')) {
      out[`has_${toSnake(key.slice(0, -'Sealed'.length))}`] = value !== null && value !== undefined;
      continue;
    }
    const name = toSnake(key);
    if (isSecretField(name)) continue;
    out[name] = name.endsWith('_url') && typeof value === 'string' ? urlOrigin(value) : value;
  }
  return out;
}

/**
 * A URL as the log keeps it: where it points, not its path, query or credentials — a Slack or Discord
 * webhook's token is its path, and the log is kept for good. A short fingerprint of the whole URL still
 * shows that it changed ("https://discord.com/… #1a2b3c4d").
 */
export function urlOrigin(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return AUDIT_HIDDEN;
  }
  const rest = parsed.pathname !== '/' || parsed.search !== '' || parsed.username !== '' || parsed.hash !== '';
  if (!rest) return parsed.origin;
  return `${parsed.origin}/… #${createHash('sha256').update(url).digest('hex').slice(0, 8)}`;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Field-by-field difference; a created object lists every field with `before: null`, a deleted one `after: null`. */
export function diffFields(before: Fields | null, after: Fields | null): Changes {
  const changes: Changes = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    const b = before ? (before[name] ?? null) : null;
    const a = after ? (after[name] ?? null) : null;
    if (!same(b, a)) changes[name] = { before: b, after: a };
  }
  return changes;
}

/**
 * Secrets a request set or cleared, by name only: a value sent becomes AUDIT_CHANGED, a null (cleared)
 * stays null; an omitted or empty field changed nothing.
 */
export function secretChanges(body: unknown, names: readonly string[]): Changes {
  const changes: Changes = {};
  if (!body || typeof body !== 'object') return changes;
  const sent = body as Record<string, unknown>;
  for (const name of names) {
    if (!(name in sent)) continue;
    const value = sent[name];
    if (value === undefined || value === '') continue;
    changes[name] = { before: AUDIT_HIDDEN, after: value === null ? null : AUDIT_CHANGED };
  }
  return changes;
}

/** Stops the user or an admin asked for are recorded with their request; the kill switch by its own row. */
const REQUESTED: ReadonlySet<string> = new Set(['started', 'manual', 'kill_switch']);

/**
 * The record of a strategy the console stopped or paused by itself (a limit, expiry, a broker error, an
 * expired token), or null when a person's request moved it (that request has its own row).
 */
export function automaticStop(mapping: Mapping, reason: StopReason | 'started') {
  if (REQUESTED.has(reason)) return null;
  return {
    action: mapping.running_status === 2 ? ('mapping.auto_pause' as const) : ('mapping.auto_stop' as const),
    objectType: 'mapping',
    objectId: mapping.id,
    ownerUserId: mapping.user_id,
    changes: { stop_reason: { before: null, after: reason } },
    detail: { reason, running_status: mapping.running_status },
  };
}
