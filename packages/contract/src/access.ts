import { type AccessType, type FunctionalityCode, hasPermission, type Permission, type Role } from './permissions';

/**
 * What a screen or an API operation demands of its user: nothing ('public'), a session ('signed-in'), any one of
 * several functionality pairs, or a role. The web app's route table and the API's operation table both say it this
 * way, and both sides decide it with {@link canAccess}.
 */
export type RouteAccess =
  | 'public'
  | 'signed-in'
  | { readonly anyOf: ReadonlyArray<Permission> }
  | { readonly role: Role };

/** `{ anyOf: [{ code, accessType }, ...] }` for one access type over several codes. */
/*#__NO_SIDE_EFFECTS__*/
export function anyOf(accessType: AccessType, ...codes: FunctionalityCode[]) {
  return { anyOf: codes.map((code) => ({ code, accessType })) } as const satisfies RouteAccess;
}

/**
 * Whether a user holding `held` and `roles` passes `access`. Sign-in itself is the caller's concern: 'signed-in'
 * and 'public' pass here.
 */
export function canAccess(
  access: RouteAccess,
  held: ReadonlyArray<Permission>,
  roles: ReadonlyArray<string> = [],
): boolean {
  if (access === 'public' || access === 'signed-in') return true;
  if ('role' in access) return roles.includes(access.role);
  return access.anyOf.some(({ code, accessType }) => hasPermission(held, code, accessType));
}

/** A readable account of an access rule, as the 403 message and the API reference state it. */
export function describeAccess(access: RouteAccess): string {
  if (access === 'public') return 'public';
  if (access === 'signed-in') return 'any signed-in user';
  if ('role' in access) return `the ${access.role} role`;
  return `one of: ${access.anyOf.map((grant) => `${grant.code} ${grant.accessType}`).join(', ')}`;
}
