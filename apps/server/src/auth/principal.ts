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
  /**
   * Set when the session is a view as customer (decision 0220): a staff member of the partner sees the portal as
   * this user, read-only, until endsAt. The access hook refuses its writes and audits its every request.
   */
  viewAs?: ViewAsOfSession;
  can(code: FunctionalityCode, accessType: AccessType): boolean;
};

/** The view as customer a session is: who views, for which reason, until when, and the session to go back to. */
export type ViewAsOfSession = {
  staffUserId: number;
  staffUserName: string;
  staffSessionId: string;
  partnerName: string;
  reason: string;
  startedAt: Date;
  endsAt: Date;
};

type ViewAsJson = Omit<ViewAsOfSession, 'startedAt' | 'endsAt'> & { startedAt: string; endsAt: string };

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
      // A view as customer is a session of the viewed user; the row of migration 0036 says whose view it is.
      sql<ViewAsJson | string | null>`(SELECT json_build_object('staffUserId', v.staff_user_id,
        'staffUserName', s.user_name, 'staffSessionId', v.staff_session_id, 'partnerName', p.name,
        'reason', v.reason, 'startedAt', v.started_at, 'endsAt', v.ends_at)
        FROM view_as_sessions v JOIN users s ON s.id = v.staff_user_id JOIN partners p ON p.id = s.partner_id
        WHERE v.session_id = ${claims.sessionId}::uuid AND v.user_id = users.id)`.as('view_as'),
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
  const view: ViewAsJson | null = typeof user.view_as === 'string' ? JSON.parse(user.view_as) : user.view_as;
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
    ...(view ? { viewAs: { ...view, startedAt: new Date(view.startedAt), endsAt: new Date(view.endsAt) } } : {}),
    can: (code, accessType) => held.has(`${code}:${accessType}`),
  };
  return principal;
}
