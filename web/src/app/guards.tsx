import type { Role } from '@app/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageLoading } from '../components/FullPageLoading';
import { homeFor, useSession } from '../features/auth/session-context';

/** Signed-out visitors go to /login; a wrong role goes to its own home (SPEC §2). */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { isChecking, user } = useSession();
  if (isChecking) return <FullPageLoading />;
  if (!user) return <Navigate to="/login" replace />;
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
