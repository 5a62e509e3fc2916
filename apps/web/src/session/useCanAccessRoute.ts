import { canAccessRoute, type PortalRoute } from '@portal/contract';
import { usePermissions, useSessionSnapshot } from './useSession';

/**
 * Whether the caller may open `route`: its role, and any one of its permissions (spec 2.1); undefined while the
 * permissions load. Routes that need only sign-in answer at once.
 */
export function useCanAccessRoute(route: PortalRoute): boolean | undefined {
  const { roles } = useSessionSnapshot();
  const held = usePermissions();
  if (typeof route.access === 'object' && held === undefined) return undefined;
  return canAccessRoute(route, held ?? [], roles);
}
