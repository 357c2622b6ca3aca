import { createHash } from 'node:crypto';

/*
 * The audit log's hash chain (issue 31 item 8): each entry's `hash` is SHA-256 over the `prev_hash` of the one
 * before it and its own recorded fields, so an entry changed, removed or slipped in later breaks every link after
 * it. Shared by the writer (the audit domain), the migration that chained the entries written before, and
 * `npm run audit:verify`. Changing the fields or their order breaks every stored chain: do not.
 */

/** An entry's recorded fields, as the table stores them (times in ms, JSON as its stored text; absent = null). */
export interface ChainedFields {
  at: number | string;
  actorUserId?: number | null;
  actor: string;
  action: string;
  objectType?: string | null;
  objectId?: number | null;
  ownerUserId?: number | null;
  changes: string;
  detail?: string | null;
  ip?: string | null;
}

/** The entry's hash (64 hex digits) after the entry whose hash is `prevHash` (null: the first entry). */
export function auditHash(prevHash: string | null, f: ChainedFields): string {
  const fields = [
    prevHash ?? '',
    Number(f.at),
    f.actorUserId ?? null,
    f.actor,
    f.action,
    f.objectType ?? null,
    f.objectId ?? null,
    f.ownerUserId ?? null,
    f.changes,
    f.detail ?? null,
    f.ip ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}
