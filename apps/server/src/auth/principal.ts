import type { AccessType, FunctionalityCode, ProfileLevel } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AccessClaims } from './access-tokens.js';

export type Grant = { code: FunctionalityCode; accessType: AccessType };

/** The signed-in caller as every route sees it: who, which profile, which functionality. */
export type Principal = {
  userId: number;
  userName: string;
  emailAddress: string;
  partnerId: number;
  profile: { id: number; name: string; level: ProfileLevel };
  roles: string[];
  /**
   * The companies the user belongs to, as read with the rest of the caller (a change to them is announced like any
   * other, migration 0016): a company-level caller's estate is these, written into queries as constants.
   */
  companyIds: readonly number[];
  sessionId: string;
  /** The session's absolute end: no copy of this principal may be used after it. */
  sessionEndsAt: Date;
  grants: Grant[];
  can(code: FunctionalityCode, accessType: AccessType): boolean;
};

/**
 * Reads the caller fresh on every request, so a removed user, a changed functionality or an ended session
 * (logout, password change) takes effect at once rather than when the access token expires.
 */
export async function loadPrincipal(db: Kysely<Database>, claims: AccessClaims, now = new Date()) {
  const user = await db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .select([
      'users.id',
      'users.user_name',
      'users.email_address',
      'users.partner_id',
      'users.roles',
      'profiles.id as profile_id',
      'profiles.name as profile_name',
      'profiles.level as profile_level',
      // When the session ends at the latest; null once it is revoked (logout, password change).
      sql<Date | null>`(SELECT max(t.absolute_expires_at) FROM refresh_tokens t
        WHERE t.family_id = ${claims.sessionId}::uuid AND t.user_id = users.id AND t.revoked_at IS NULL)`.as(
        'session_ends_at',
      ),
      sql<number[]>`ARRAY(SELECT uc.company_id FROM user_companies uc WHERE uc.user_id = users.id
        ORDER BY uc.company_id)`.as('company_ids'),
      // Every request reads the caller, so the functionality comes in the same round trip.
      sql<string[]>`ARRAY(SELECT f.code || ':' || f.access_type FROM user_functionality uf
        JOIN functionality f ON f.id = uf.functionality_id WHERE uf.user_id = users.id
        ORDER BY f.code, f.access_type)`.as('grants'),
    ])
    .where('users.id', '=', claims.userId)
    .executeTakeFirst();
  if (!user?.session_ends_at || user.session_ends_at <= now) return undefined;
  const held = new Set(user.grants);
  const grants = user.grants.map((grant) => {
    const [code, accessType] = grant.split(':');
    return { code: code as FunctionalityCode, accessType: accessType as AccessType };
  });
  const principal: Principal = {
    userId: user.id,
    userName: user.user_name,
    emailAddress: user.email_address,
    partnerId: user.partner_id,
    profile: { id: user.profile_id, name: user.profile_name, level: user.profile_level as ProfileLevel },
    roles: user.roles,
    companyIds: user.company_ids,
    sessionId: claims.sessionId,
    sessionEndsAt: user.session_ends_at,
    grants,
    can: (code, accessType) => held.has(`${code}:${accessType}`),
  };
  return principal;
}
