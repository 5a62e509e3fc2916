import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * What a user sees of each of their sessions (issue 25, items 4 and 6): how it signed in, from where, and when it was
 * last used. A session is a family of refresh tokens (refresh_tokens.family_id); whether it is still live is theirs
 * to say (revoked_at, expiries), so this table keeps only what they do not. Company enforcement reads the way a
 * session signed in (method, second_factor) to end those that fall short of a new policy; second_factor 'provider'
 * is a single sign-on whose provider reported a second factor of its own (the ID token's amr, decision 0212). Not
 * audited by row: the sign-in itself is (login.succeeded), and last_active_at changes with every refresh.
 */
const statements = [
  `CREATE TABLE sign_in_sessions (
    family_id uuid PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    method text NOT NULL CHECK (method IN ('password', 'sso', 'passkey')),
    second_factor text CHECK (second_factor IN ('authenticator', 'recovery_code', 'passkey', 'provider')),
    address text NOT NULL CHECK (length(address) <= 100),
    user_agent text CHECK (length(user_agent) <= 500),
    started_at timestamptz NOT NULL DEFAULT now(),
    last_active_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX sign_in_sessions_user ON sign_in_sessions (user_id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['DROP TABLE sign_in_sessions']);
}
