import type { Role } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { hashPassword, verifyPassword } from '../../auth/password-hashing.js';
import type { Database } from '../../db/schema.js';

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
  cookiePolicyAccepted: boolean;
  themeCode: string;
};

// Verifying against a real hash when the username is unknown makes both failures take the same time.
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword('decoy password that matches no account');
  return decoyHash;
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
    cookiePolicyAccepted: row.cookie_policy_accepted,
    themeCode: row.theme_code,
  };
  return user;
}

/** A user who gave a right password; `viaTemporaryPassword` when it was the forgot-password e-mail's. */
export type AuthenticatedUser = SignInUser & { viaTemporaryPassword: boolean };

/**
 * The user whose password (or unexpired temporary password) this is, or undefined; unknown users cost the same time
 * as wrong passwords. A temporary password signs in only as far as the forced change (mustChangePassword).
 */
export async function authenticate(
  db: Kysely<Database>,
  userName: string,
  password: string,
  now = new Date(),
): Promise<AuthenticatedUser | undefined> {
  const user = await findSignInUser(db, { userName }, now);
  const matches = await verifyPassword(user?.passwordHash ?? (await decoy()), password);
  if (user && matches) return { ...user, viaTemporaryPassword: false };
  // Only while a reset is pending does a wrong password cost a second check: that a reset was asked for in the last
  // hour is all its time can tell (docs/decisions/0047).
  if (user?.temporaryPasswordHash && (await verifyPassword(user.temporaryPasswordHash, password))) {
    return { ...user, mustChangePassword: true, viaTemporaryPassword: true };
  }
  return undefined;
}
