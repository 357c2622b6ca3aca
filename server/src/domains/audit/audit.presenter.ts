import type { AuditEntry } from '@app/contract';
import { iso } from '../../platform/time.js';
import type { AuditRow } from './audit.repository.js';

const parsed = <T>(text: string | null, fallback: T): T => {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/**
 * One row as the API returns it. On a user's own trail (`viewerId`) the address shows only on what they did
 * themselves: another person's address (an admin's, a stranger's failed sign-in) is not theirs to see.
 */
export function toAuditEntry(row: AuditRow, viewerId?: number): AuditEntry {
  const showIp = viewerId === undefined || row.actorUserId === viewerId;
  return {
    id: row.id,
    at: iso(row.at),
    actor: row.actor,
    actor_user_id: row.actorUserId,
    action: row.action,
    object_type: row.objectType,
    object_id: row.objectId,
    // On a user's own trail, what they own needs no name.
    owner_username: viewerId !== undefined && row.ownerUserId === viewerId ? null : row.ownerUsername,
    changes: parsed(row.changes, {}),
    detail: parsed(row.detail, null),
    ip: showIp ? row.ip : null,
    // The chain is the admin's: with every other hashed field visible, a trader could recover an address hidden
    // from them by trying every IPv4 address against the hash.
    hash: viewerId === undefined ? row.hash : null,
    prev_hash: viewerId === undefined ? row.prevHash : null,
  };
}
