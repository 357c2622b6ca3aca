import { UserSchema, type User } from '@app/contract';

/** Where SPEC §4 keeps the session: the token and the user object in localStorage. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
export const LOGIN_EVENT = 'auth:login';
export const LOGOUT_EVENT = 'auth:logout';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getStoredUser(): User | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = UserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: User): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  window.dispatchEvent(new CustomEvent(LOGIN_EVENT, { detail: user }));
}

const ENDED_KEY = 'sessionEnded';

/**
 * Clears token and user and tells every listener the session is over. `reason`: why, when the server
 * ended it rather than the user; the login page says so once (`takeSessionEndedReason`).
 */
export function clearSession(reason?: string): void {
  const hadSession = localStorage.getItem(TOKEN_KEY) !== null || localStorage.getItem(USER_KEY) !== null;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  if (hadSession && reason) sessionStorage.setItem(ENDED_KEY, reason);
  if (hadSession) window.dispatchEvent(new CustomEvent(LOGOUT_EVENT));
}

/** Why this tab's last session ended, once: the next call returns null. */
export function takeSessionEndedReason(): string | null {
  const reason = sessionStorage.getItem(ENDED_KEY);
  sessionStorage.removeItem(ENDED_KEY);
  return reason;
}

/** What a storage change made by another tab means for this one (SPEC §4). */
export type SessionChange = { kind: 'signed-out' } | { kind: 'signed-in'; user: User } | { kind: 'none' };

/**
 * Reads another tab's storage change. Only a change that clears the token or the user
 * (`removeItem`, or `localStorage.clear()`, whose event has key null) while one of them is
 * gone afterwards signs this tab out. A change that writes them - another tab logging in, in
 * two writes (token, then user) - signs this tab in once both are present, and never out:
 * between the two writes the user is not stored yet, which is not a logout.
 */
export function sessionChangeFrom(
  event: Pick<StorageEvent, 'key' | 'newValue'>,
  stored: { token: string | null; user: User | null },
): SessionChange {
  const isClear = event.key === null;
  const isSessionKey = event.key === TOKEN_KEY || event.key === USER_KEY;
  if (!isClear && !isSessionKey) return { kind: 'none' };
  const user = stored.token !== null ? stored.user : null;
  if (isClear || event.newValue === null) return user ? { kind: 'none' } : { kind: 'signed-out' };
  return user ? { kind: 'signed-in', user } : { kind: 'none' };
}
