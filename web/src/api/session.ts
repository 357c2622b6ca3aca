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

/** Clears token and user and tells every listener the session is over. */
export function clearSession(): void {
  const hadSession = localStorage.getItem(TOKEN_KEY) !== null || localStorage.getItem(USER_KEY) !== null;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  if (hadSession) window.dispatchEvent(new CustomEvent(LOGOUT_EVENT));
}
