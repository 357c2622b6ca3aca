import type { User, UserListItem } from '@app/contract';
import type { UserRow } from '../../db/schema.js';

/** The API shape of a user: never the password hash. */
export function toUser(row: Pick<UserRow, 'id' | 'username' | 'role'>): User {
  return { id: row.id, username: row.username, role: row.role };
}

/** A user on the admin's list, with their sign-in lock (issue 27). */
export function toUserListItem(
  row: Pick<UserRow, 'id' | 'username' | 'role'>,
  lock: { lockedUntil: number | null; failedLogins: number } | undefined,
): UserListItem {
  return {
    ...toUser(row),
    locked_until: lock?.lockedUntil == null ? null : new Date(lock.lockedUntil).toISOString(),
    failed_logins: lock?.failedLogins ?? 0,
  };
}

/**
 * The user of a login or verify reply: the API shape, plus `must_change_password` only while the user still
 * has a password someone else chose (issues 14 and 27), so every other reply keeps SPEC's shape.
 */
export function toSessionUser(row: Pick<UserRow, 'id' | 'username' | 'role' | 'mustChangePassword'>): User {
  return { ...toUser(row), ...(row.mustChangePassword === 1 ? { must_change_password: true } : {}) };
}
