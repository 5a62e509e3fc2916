import { type AccessType, type FunctionalityCode, hasPermission } from '@portal/contract';
import { usePermissions } from './useSession';

/**
 * Whether the caller holds `code` with exactly `accessType` (spec 3 and 6; Write does not imply Read); undefined
 * while their functionality loads, so a page can wait rather than hide something for a moment. The server checks
 * every call again.
 */
export function useCan(code: FunctionalityCode, accessType: AccessType): boolean | undefined {
  const held = usePermissions();
  return held === undefined ? undefined : hasPermission(held, code, accessType);
}
