import type { AuthContext } from './http.js';
import { notFound } from './errors.js';

export type Actor = Pick<AuthContext, 'userId' | 'role'>;

/** Admins reach every row; a user only their own. */
export function canReach(actor: Actor, ownerId: number): boolean {
  return actor.role === 'admin' || actor.userId === ownerId;
}

/**
 * Returns the row when the actor may reach it. Someone else's row is reported as missing (404),
 * so ids of other users' data reveal nothing — and a 403 would end the caller's session in the web client.
 */
export function ownedOr404<T extends { userId: number }>(actor: Actor, row: T | undefined, what: string): T {
  if (!row || !canReach(actor, row.userId)) throw notFound(what);
  return row;
}
