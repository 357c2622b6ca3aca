import type { Role } from '@app/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageLoading } from '../components/FullPageLoading';
import { ForcedPasswordChange } from '../features/auth/ForcedPasswordChange';
import { homeFor, useSession } from '../features/auth/session-context';

/**
 * Signed-out visitors go to /login; a wrong role goes to its own home (SPEC §2). The first-start admin
 * who still has the printed password sees only the forced change (issue 14) until they pick their own.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { isChecking, user } = useSession();
  if (isChecking) return <FullPageLoading />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.must_change_password) return <ForcedPasswordChange />;
  if (user.role !== role) return <Navigate to={homeFor(user)} replace />;
  return children;
}

/** /login sends a signed-in user to their home. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { isChecking, user } = useSession();
  if (isChecking) return <FullPageLoading />;
  if (user) return <Navigate to={homeFor(user)} replace />;
  return children;
}
