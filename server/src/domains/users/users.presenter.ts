import type { User } from '@app/contract';
import type { UserRow } from '../../db/schema.js';

/** The API shape of a user: never the password hash. */
export function toUser(row: Pick<UserRow, 'id' | 'username' | 'role'>): User {
  return { id: row.id, username: row.username, role: row.role };
}
