import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * Secrets every server of a deployment must share and nobody configured: the access tokens' signing key when
 * JWT_SECRET is not set (auth/signing-key.ts, decision 0195). The first server to start writes one; the others read
 * the same row, so a token signed by one server is good on every other.
 */
const statements = [
  `CREATE TABLE server_secrets (
    name text PRIMARY KEY,
    value bytea NOT NULL CHECK (octet_length(value) >= 32),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['DROP TABLE server_secrets']);
}
