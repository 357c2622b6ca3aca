import { api, MSG, type User } from '@app/contract';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { call, messageOf } from '../../api/client';
import {
  clearSession,
  getStoredUser,
  getToken,
  LOGIN_EVENT,
  LOGOUT_EVENT,
  sessionChangeFrom,
  storeSession,
} from '../../api/session';

interface SessionState {
  isChecking: boolean;
  user: User | null;
  login: (username: string, password: string) => Promise<void>;
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

/** SPEC §4 session: verified on load, kept in localStorage, ended by logout, 401/403 or another tab. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(() => (getToken() ? getStoredUser() : null));
  const [isChecking, setIsChecking] = useState(() => getToken() !== null);

  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    call(api.auth.verify)
      .then(({ user: verified }) => {
        if (cancelled) return;
        const token = getToken();
        if (token) storeSession(token, verified);
      })
      .catch(() => {
        if (!cancelled) clearSession();
      })
      .finally(() => {
        if (!cancelled) setIsChecking(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const onLogin = (e: Event) => setUser((e as CustomEvent<User>).detail);
    const onLogout = () => setUser(null);
    // Another tab changed the session (SPEC §4): its logout signs this tab out, its login signs this
    // tab in. This tab never writes storage in answer, so two tabs cannot undo each other's login.
    const onStorage = (e: StorageEvent) => {
      const change = sessionChangeFrom(e, { token: getToken(), user: getStoredUser() });
      if (change.kind === 'signed-out') setUser(null);
      if (change.kind === 'signed-in') setUser(change.user);
    };
    window.addEventListener(LOGIN_EVENT, onLogin);
    window.addEventListener(LOGOUT_EVENT, onLogout);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(LOGIN_EVENT, onLogin);
      window.removeEventListener(LOGOUT_EVENT, onLogout);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const login = useCallback(async (username: string, password: string) => {
    try {
      const data = await call(api.auth.login, { body: { username, password } });
      storeSession(data.token, data.user);
    } catch (err) {
      throw new Error(messageOf(err, MSG.loginFailed), { cause: err });
    }
  }, []);

  const logout = useCallback(async () => {
    try {
      if (getToken()) await call(api.auth.logout);
    } catch {
      // The server session may already be gone; the local one is cleared regardless.
    } finally {
      clearSession();
    }
  }, []);

  const value = useMemo(() => ({ isChecking, user, login, logout }), [isChecking, user, login, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}

export function homeFor(user: User): string {
  return user.role === 'admin' ? '/admin' : '/home';
}
