import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

// The forgot-password e-mail's temporary password (docs/decisions/0047). It sits beside the user's password, which
// keeps working, until it is used once to set a new one. One row per user: asking again replaces it, so only the
// latest works. Hashed like passwords; not audited row by row (like refresh tokens), the routes record events.
const statements = [
  `CREATE TABLE temporary_passwords (
    user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    password_hash text NOT NULL CHECK (password_hash LIKE '$argon2id$%'),
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    CHECK (expires_at > created_at)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['DROP TABLE temporary_passwords']);
}
