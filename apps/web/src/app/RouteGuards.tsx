import type { PortalRoute } from '@portal/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { rememberRedirectUrl } from '../session/redirect-url';
import { useCanAccessRoute } from '../session/useCanAccessRoute';
import { useSessionSnapshot } from '../session/useSession';
import { ShellFrame } from './shell/ShellFrame';

/**
 * Signed-out visitors of a guarded page go to /login, which brings them back afterwards (spec 2.1). While the
 * session is restored from the browser's cookie the shell's frame stands in for the page.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { signedIn, restoring } = useSessionSnapshot();
  const { pathname, search, hash } = useLocation();
  if (restoring) return <ShellFrame />;
  if (!signedIn) {
    rememberRedirectUrl(`${pathname}${search}${hash}`);
    return <Navigate to="/login" replace />;
  }
  return children;
}

/**
 * A route's permission and role rules (spec 2.1), checked once the functionality has loaded. Denied routes go home:
 * a menu route also has its menu entry hidden, so only a typed or stale URL reaches it (docs/decisions/0018).
 */
export function RequireAccess({ route, children }: { route: PortalRoute; children: ReactNode }) {
  const allowed = useCanAccessRoute(route);
  if (allowed === undefined) return <PageLoader />;
  if (!allowed) return <Navigate to="/" replace />;
  return children;
}
