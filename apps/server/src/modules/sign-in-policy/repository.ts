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
  const row = await db
    .selectFrom('user_companies as uc')
    .leftJoin('company_sign_in_policies as p', 'p.company_id', 'uc.company_id')
    .where('uc.user_id', '=', userId)
    .select([
      sql<boolean>`coalesce(bool_or(p.two_step_required), false)`.as('two_step_required'),
      sql<boolean>`coalesce(bool_or(p.single_sign_on_only AND p.break_glass_user_id IS DISTINCT FROM uc.user_id), false)`.as(
        'single_sign_on_only',
      ),
      sql<boolean>`coalesce(bool_and(coalesce(p.passkey_sign_in, false)), false)`.as('passkey_sign_in'),
    ])
    .executeTakeFirstOrThrow();
  return {
    twoStepRequired: row.two_step_required,
    singleSignOnOnly: row.single_sign_on_only,
    passkeySignIn: row.passkey_sign_in,
  };
}
