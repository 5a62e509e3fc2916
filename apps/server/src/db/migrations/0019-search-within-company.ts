import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * Search (decision 0186) always narrows each section to the caller's companies (scope/conditions.ts). With a
 * trigram index alone PostgreSQL intersected the term's pieces over every company's rows, and pieces such as
 * "mob" or "-10" are in half the orders: an order reference took 3.3 ms per section on the large data set. These
 * GIN indexes hold the company too (btree_gin gives integers a GIN operator class; PGlite loads it in
 * db/connection.ts), so one index scan finds the company's matching rows: 0.1 ms. The trigram indexes of migration
 * 0005 stay for callers whose companies are many.
 */
const INDEXES: readonly [name: string, table: string, expression: string][] = [
  ['endpoints_company_name_trgm', 'endpoints', 'lower(name)'],
  ['endpoints_company_identifier_trgm', 'endpoints', 'identifier'],
  ['orders_company_reference_trgm', 'orders', 'lower(reference)'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'CREATE EXTENSION IF NOT EXISTS btree_gin',
    ...INDEXES.map(
      ([name, table, expression]) =>
        `CREATE INDEX ${name} ON ${table} USING gin (company_id, ${expression} gin_trgm_ops)`,
    ),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    INDEXES.map(([name]) => `DROP INDEX IF EXISTS ${name}`),
  );
}
