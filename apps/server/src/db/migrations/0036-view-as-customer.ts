import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * View as customer (issue 27, decision 0220): a reseller's staff member signs in as one of their partner's customer
 * users, read-only, for a written reason and a limited time. The view is a sign-in session of the customer's user (a
 * family of refresh tokens, session_id) whose absolute end is ends_at; this row says whose view it is and which of the
 * staff member's own sessions the browser goes back to. Not audited by row: starting, every request and ending are
 * recorded as events under both identities with the user's companies (migration 0034).
 */
const statements = [
  `CREATE TABLE view_as_sessions (
    session_id uuid PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    staff_user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    staff_session_id uuid NOT NULL,
    reason text NOT NULL CHECK (length(reason) BETWEEN 10 AND 500),
    started_at timestamptz NOT NULL DEFAULT now(),
    ends_at timestamptz NOT NULL,
    ended_at timestamptz,
    CHECK (ends_at > started_at),
    CHECK (user_id <> staff_user_id)
  )`,
  'CREATE INDEX view_as_sessions_user ON view_as_sessions (user_id)',
  'CREATE INDEX view_as_sessions_staff ON view_as_sessions (staff_user_id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['DROP TABLE view_as_sessions']);
}
