import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * A company's audit trail (issue 27).
 * - company_ids: the companies a row of the log belongs to, so a customer's administrators can read their own
 *   company's trail without reading anyone else's.
 * - on_behalf_of_user_id: the customer's user a reseller's staff member was viewing the portal as (read-only view as
 *   customer); actor_user_id is then the staff member, so every such access is recorded under both identities.
 *   Writes take it from the transaction setting portal.on_behalf_of_user_id, as they take the actor.
 */
const statements = [
  'ALTER TABLE audit_log ADD COLUMN company_ids integer[]',
  'ALTER TABLE audit_log ADD COLUMN on_behalf_of_user_id integer',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}
