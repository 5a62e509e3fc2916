import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * A company's sign-in policy (issue 25, item 4): what its administrators require of the sign-ins of its users. A
 * company without a row requires nothing beyond the password. The row holds no secret, so the audit row trigger
 * records every change, attributed to the request.
 * - two_step_required: a password sign-in also needs a second factor (an authenticator app or a passkey).
 * - single_sign_on_only: the company's users sign in through its identity provider; password and passkey sign-ins
 *   are refused but for break_glass_user_id, the administrator named to get in when the provider is down (the service
 *   requires one to turn the policy on; once that user is deleted, nobody is excepted).
 * - passkey_sign_in: a passkey may sign in without the password.
 */
const statements = [
  `CREATE TABLE company_sign_in_policies (
    company_id integer PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
    two_step_required boolean NOT NULL DEFAULT false,
    single_sign_on_only boolean NOT NULL DEFAULT false,
    break_glass_user_id integer REFERENCES users (id) ON DELETE SET NULL,
    passkey_sign_in boolean NOT NULL DEFAULT false,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX company_sign_in_policies_break_glass ON company_sign_in_policies (break_glass_user_id)',
  `CREATE TRIGGER company_sign_in_policies_audit AFTER INSERT OR UPDATE OR DELETE ON company_sign_in_policies
   FOR EACH ROW EXECUTE FUNCTION audit_row('company_id')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['DROP TABLE company_sign_in_policies']);
}
