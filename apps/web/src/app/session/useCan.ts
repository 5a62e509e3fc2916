import {
  type AccessType,
  canAccessRoute,
  type FunctionalityCode,
  hasPermission,
  type Permission,
  type PortalRoute,
} from '@portal/contract';
import { useFunctionality, useSessionSnapshot } from './useSession';

/**
 * Permission checks for pages and components (spec 3 and 6): the caller's functionality, loaded once and shared.
 * Each answers undefined while that list loads, so a page can wait rather than hide something for a moment; a list
 * that failed to load counts as empty. The server checks every call again.
 */

function useHeld(): ReadonlyArray<Permission> | undefined {
  const { data, isPending } = useFunctionality();
  return isPending ? undefined : (data ?? []);
}

/** Whether the caller holds `code` with exactly `accessType` (Write does not imply Read). */
export function useCan(code: FunctionalityCode, accessType: AccessType): boolean | undefined {
  const held = useHeld();
  return held === undefined ? undefined : hasPermission(held, code, accessType);
}

/** Whether the caller may open `route`: its role, and any one of its permissions. Sign-in-only routes need no wait. */
export function useCanAccessRoute(route: PortalRoute): boolean | undefined {
  const { roles } = useSessionSnapshot();
  const held = useHeld();
  const needsPermissions = typeof route.access === 'object';
  if (needsPermissions && held === undefined) return undefined;
  return canAccessRoute(route, held ?? [], roles);
}
