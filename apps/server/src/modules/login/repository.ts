import type { Role } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { type Actor, writeAs } from '../../db/audit.js';
import type { Database } from '../../db/schema.js';
import type { EstateScope } from '../../scope/estate-scope.js';

export type SignInUser = {
  id: number;
  userName: string;
  emailAddress: string;
  profileName: string;
  roles: Role[];
  passwordHash: string;
  /** The forgot-password e-mail's temporary password, while it is unused and unexpired. */
  temporaryPasswordHash: string | null;
  /** An administrator's reset or an expired password: sign-in must change it first. */
  mustChangePassword: boolean;
  /** A new account whose user has not yet chosen a password: the change is their first, not an expiry (0139). */
  awaitingFirstPassword: boolean;
  cookiePolicyAccepted: boolean;
  themeCode: string;
};

/** The sign-in facts of a user, by username (any case) or by id. */
export async function findSignInUser(
  db: Kysely<Database>,
  who: { userName: string } | { userId: number },
  now = new Date(),
) {
  const row = await db
    .selectFrom('users')
    .innerJoin('user_credentials', 'user_credentials.user_id', 'users.id')
    .innerJoin('partners', 'partners.id', 'users.partner_id')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .leftJoin('temporary_passwords', (join) =>
      join.onRef('temporary_passwords.user_id', '=', 'users.id').on('temporary_passwords.expires_at', '>', now),
    )
    .select([
      'users.id',
      'users.user_name',
      'users.email_address',
      'users.roles',
      'profiles.name as profile_name',
      'partners.theme_code',
      'user_credentials.password_hash',
      'user_credentials.awaiting_first_password',
      'temporary_passwords.password_hash as temporary_password_hash',
      sql<boolean>`user_credentials.reset_required
        OR coalesce(user_credentials.expires_at <= ${now}, false)
        OR coalesce(user_credentials.changed_at + make_interval(days => partners.password_expiry_days) <= ${now}, false)`.as(
        'must_change_password',
      ),
      sql<boolean>`coalesce((SELECT c.is_accepted FROM cookie_consents c WHERE c.user_id = users.id
        ORDER BY c.recorded_at DESC, c.id DESC LIMIT 1), false)`.as('cookie_policy_accepted'),
    ])
    .where((eb) =>
      'userId' in who
        ? eb('users.id', '=', who.userId)
        : eb(sql`lower(users.user_name)`, '=', who.userName.toLowerCase()),
    )
    .executeTakeFirst();
  if (!row) return undefined;
  const user: SignInUser = {
    id: row.id,
    userName: row.user_name,
    emailAddress: row.email_address,
    profileName: row.profile_name,
    roles: row.roles as Role[],
    passwordHash: row.password_hash,
    temporaryPasswordHash: row.temporary_password_hash,
    mustChangePassword: row.must_change_password,
    awaitingFirstPassword: row.awaiting_first_password,
    cookiePolicyAccepted: row.cookie_policy_accepted,
    themeCode: row.theme_code,
  };
  return user;
}

/** Version of the cookie policy a consent is recorded against. */
const COOKIE_POLICY_VERSION = '2026-11';

/** Records the signed-in user's answer to the cookie notice (the newest answer counts at the next sign-in). */
export async function recordCookieConsent(
  db: Kysely<Database>,
  actor: Actor & { userId: number },
  answer: { isAccepted: boolean; date: string },
): Promise<void> {
  await writeAs(db, actor, (trx) =>
    trx
      .insertInto('cookie_consents')
      .values({
        user_id: actor.userId,
        is_accepted: answer.isAccepted,
        consent_date: answer.date,
        policy_version: COOKIE_POLICY_VERSION,
      })
      .execute(),
  );
}

/** How far back the caller's sign-in history reaches: enough to spot a stranger, short enough to read. */
const RECENT_SIGN_INS = 20;

/**
 * The caller's own recent sign-ins from the audit trail, newest first, each with whether its session (its family
 * of refresh tokens) can still be refreshed. Only the caller's: the audit row's actor is the scope's user.
 */
export async function recentSignIns(scope: EstateScope, currentSessionId: string, now = new Date()) {
  const rows = await scope.db
    .selectFrom('audit_log')
    .select([
      'occurred_at',
      sql<string | null>`after ->> 'address'`.as('address'),
      sql<string | null>`after ->> 'sessionId'`.as('session_id'),
      sql<boolean>`EXISTS (SELECT 1 FROM refresh_tokens t
        WHERE t.family_id::text = audit_log.after ->> 'sessionId' AND t.user_id = audit_log.actor_user_id
          AND t.audience = 'main' AND t.revoked_at IS NULL AND t.used_at IS NULL
          AND t.idle_expires_at > ${now} AND t.absolute_expires_at > ${now})`.as('live'),
    ])
    .where('action', '=', 'login.succeeded')
    .where('actor_user_id', '=', scope.caller.userId)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT_SIGN_INS)
    .execute();
  return rows.map((row) => ({
    signedInAt: new Date(row.occurred_at).toISOString(),
    address: row.address,
    session:
      row.session_id === currentSessionId ? ('current' as const) : row.live ? ('active' as const) : ('ended' as const),
  }));
}
