import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * A new account's credentials wait for the user's first password of their own (docs/decisions/0139): sign-in tells
 * a brand-new user to set a password, not that a password they never chose has expired. Accounts that existed
 * before have chosen one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE user_credentials ADD COLUMN awaiting_first_password boolean NOT NULL DEFAULT false',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['ALTER TABLE user_credentials DROP COLUMN awaiting_first_password']);
}
