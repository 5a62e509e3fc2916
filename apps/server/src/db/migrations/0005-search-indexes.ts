import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

// Global search (docs/decisions/0017) matches `lower(column) LIKE '%term%'` on names, references and numbers. A
// B-tree cannot answer a contains-match, so every search read all of the caller's lines and orders and every user.
// Trigram GIN indexes (pg_trgm; PGlite loads the extension in db/connection.ts) find the few rows that contain the
// term's three-letter pieces; the estate check then runs on those alone. The expressions are exactly the ones the
// search compares (lower() for text, the raw digits for numbers), or PostgreSQL will not use them.
const INDEXES: readonly [name: string, table: string, expression: string][] = [
  ['users_user_name_trgm', 'users', 'lower(user_name)'],
  ['users_email_address_trgm', 'users', 'lower(email_address)'],
  ['endpoints_name_trgm', 'endpoints', 'lower(name)'],
  ['endpoints_identifier_trgm', 'endpoints', 'identifier'],
  ['orders_reference_trgm', 'orders', 'lower(reference)'],
  ['order_items_cli_trgm', 'order_items', 'cli'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'CREATE EXTENSION IF NOT EXISTS pg_trgm',
    ...INDEXES.map(
      ([name, table, expression]) => `CREATE INDEX ${name} ON ${table} USING gin (${expression} gin_trgm_ops)`,
    ),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The extension stays: dropping it could break anything else that came to rely on it.
  await runStatements(
    db,
    INDEXES.map(([name]) => `DROP INDEX IF EXISTS ${name}`),
  );
}
