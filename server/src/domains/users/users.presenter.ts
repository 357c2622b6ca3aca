import type { User } from '@app/contract';
import type { UserRow } from '../../db/schema.js';

/** The API shape of a user: never the password hash. */
export function toUser(row: Pick<UserRow, 'id' | 'username' | 'role'>): User {
  return { id: row.id, username: row.username, role: row.role };
}

/**
 * The user of a login or verify reply: the API shape, plus `must_change_password` only while the first-start
 * admin still has the printed password (issue 14), so every other reply keeps SPEC's shape.
 */
export function toSessionUser(row: Pick<UserRow, 'id' | 'username' | 'role' | 'mustChangePassword'>): User {
  return { ...toUser(row), ...(row.mustChangePassword === 1 ? { must_change_password: true } : {}) };
}
