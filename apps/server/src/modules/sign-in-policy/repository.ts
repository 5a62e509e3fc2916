import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * What the companies' sign-in policies (migration 0028) ask of one user's sign-in. A user of several companies meets
 * each company's policy, so the strictest wins: one company requiring a second factor or single sign-on is enough to
 * require it, and a passkey signs in without the password only where every one of the user's companies allows it.
 * The partner's staff belong to no company, so no policy binds them and none lets a passkey stand alone.
 */
export type PolicyBindingUser = {
  twoStepRequired: boolean;
  /** False for the break-glass administrator of each company that has the policy. */
  singleSignOnOnly: boolean;
  passkeySignIn: boolean;
};

export async function policyBindingUser(db: Kysely<Database>, userId: number): Promise<PolicyBindingUser> {
  const { rows } = await sql<{ two_step_required: boolean; single_sign_on_only: boolean; passkey_sign_in: boolean }>`
    SELECT coalesce(bool_or(p.two_step_required), false) AS two_step_required,
      coalesce(bool_or(p.single_sign_on_only AND p.break_glass_user_id IS DISTINCT FROM ${userId}), false)
        AS single_sign_on_only,
      coalesce(bool_and(coalesce(p.passkey_sign_in, false)), false) AS passkey_sign_in
    FROM (${companyMemberships}) m
    LEFT JOIN company_sign_in_policies p ON p.company_id = m.company_id
    WHERE m.user_id = ${userId}`.execute(db);
  const row = rows[0];
  return {
    twoStepRequired: row?.two_step_required ?? false,
    singleSignOnOnly: row?.single_sign_on_only ?? false,
    passkeySignIn: row?.passkey_sign_in ?? false,
  };
}

/**
 * Who belongs to which company: a user is one of a company's users whether they hold the whole company
 * (user_companies, Company level) or some of its sites, teams or lines (the lower levels), so its policy binds them
 * all. As rows of (user_id, company_id), possibly repeated.
 */
const companyMemberships = sql`
  SELECT uc.user_id, uc.company_id FROM user_companies uc
  UNION ALL SELECT us.user_id, s.company_id FROM user_sites us JOIN sites s ON s.id = us.site_id
  UNION ALL SELECT ut.user_id, t.company_id FROM user_teams ut JOIN teams t ON t.id = ut.team_id
  UNION ALL SELECT ue.user_id, ue.company_id FROM user_endpoints ue`;

/** What a company's administrators save (docs/decisions/0210). */
export type CompanyPolicy = {
  twoStepRequired: boolean;
  singleSignOnOnly: boolean;
  breakGlassUserId: number | null;
  passkeySignIn: boolean;
};

/** The company's policy row and when it was saved, locked for the write when asked; undefined if it has none. */
export async function policyOfCompany(
  db: Kysely<Database>,
  companyId: number,
  options: { lock?: boolean } = {},
): Promise<(CompanyPolicy & { updatedAt: Date }) | undefined> {
  const row = await db
    .selectFrom('company_sign_in_policies')
    .selectAll()
    .where('company_id', '=', companyId)
    .$if(options.lock === true, (query) => query.forUpdate())
    .executeTakeFirst();
  return (
    row && {
      twoStepRequired: row.two_step_required,
      singleSignOnOnly: row.single_sign_on_only,
      breakGlassUserId: row.break_glass_user_id,
      passkeySignIn: row.passkey_sign_in,
      updatedAt: row.updated_at,
    }
  );
}

export async function writePolicy(db: Kysely<Database>, companyId: number, policy: CompanyPolicy, now: Date) {
  const values = {
    two_step_required: policy.twoStepRequired,
    single_sign_on_only: policy.singleSignOnOnly,
    break_glass_user_id: policy.breakGlassUserId,
    passkey_sign_in: policy.passkeySignIn,
    updated_at: now,
  };
  await db
    .insertInto('company_sign_in_policies')
    .values({ company_id: companyId, ...values })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet(values))
    .execute();
}

/** Whether the company's single sign-on connection is approved by the partner (decision 0208). */
export async function hasApprovedConnection(db: Kysely<Database>, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sso_connections')
    .select('company_id')
    .where('company_id', '=', companyId)
    .where('approved_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The company's administrators as decision 0208 counts them: its users with a Company-level profile and ManageUser
 * Write. One of them is the break-glass user of a single-sign-on-only company.
 */
export async function administratorsOf(db: Kysely<Database>, companyId: number, onlyUserId?: number) {
  return db
    .selectFrom('user_companies as uc')
    .innerJoin('users', 'users.id', 'uc.user_id')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .select(['users.id', 'users.user_name as name'])
    .where('uc.company_id', '=', companyId)
    .where('profiles.level', '=', 'Company')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_functionality as uf')
          .innerJoin('functionality as f', 'f.id', 'uf.functionality_id')
          .select('uf.user_id')
          .whereRef('uf.user_id', '=', 'users.id')
          .where('f.code', '=', 'ManageUser')
          .where('f.access_type', '=', 'Write'),
      ),
    )
    .$if(onlyUserId !== undefined, (query) => query.where('users.id', '=', onlyUserId as number))
    .orderBy('users.user_name')
    .execute();
}

/**
 * The live sessions (refresh-token families) of the company's users that fall short of the policy: with two-step
 * verification required, those begun with a password or through single sign-on with no second factor (a provider's
 * own counts when its ID token said so, decision 0212; a passkey alone is two factors, the device and its unlock);
 * with single sign-on only, those not begun through it, but the
 * break-glass user's. A session older than sign_in_sessions (migration 0029) cannot show how it began, so it falls
 * short of either.
 */
export async function sessionsFallingShort(
  db: Kysely<Database>,
  companyId: number,
  policy: CompanyPolicy,
  now: Date,
): Promise<{ familyId: string; userId: number }[]> {
  if (!policy.twoStepRequired && !policy.singleSignOnOnly) return [];
  const rows = await db
    .selectFrom('refresh_tokens as t')
    .leftJoin('sign_in_sessions as s', 's.family_id', 't.family_id')
    .select(['t.family_id as familyId', 't.user_id as userId'])
    .distinct()
    .where(
      't.user_id',
      'in',
      sql<number>`(SELECT m.user_id FROM (${companyMemberships}) m WHERE m.company_id = ${companyId})`,
    )
    .where('t.revoked_at', 'is', null)
    .where('t.idle_expires_at', '>', now)
    .where('t.absolute_expires_at', '>', now)
    .where((eb) => {
      const short = [];
      if (policy.twoStepRequired) {
        short.push(
          eb.or([
            eb('s.family_id', 'is', null),
            eb.and([eb('s.method', '<>', 'passkey'), eb('s.second_factor', 'is', null)]),
          ]),
        );
      }
      if (policy.singleSignOnOnly) {
        short.push(
          eb.and([
            policy.breakGlassUserId === null ? eb.lit(true) : eb('t.user_id', '<>', policy.breakGlassUserId),
            eb.or([eb('s.family_id', 'is', null), eb('s.method', '<>', 'sso')]),
          ]),
        );
      }
      return eb.or(short);
    })
    .execute();
  return rows;
}

/** Ends the sessions: every refresh token of their families is revoked, and with them their access tokens. */
export async function endSessions(db: Kysely<Database>, familyIds: readonly string[], now: Date): Promise<void> {
  if (familyIds.length === 0) return;
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', 'in', familyIds)
    .where('revoked_at', 'is', null)
    .execute();
}
