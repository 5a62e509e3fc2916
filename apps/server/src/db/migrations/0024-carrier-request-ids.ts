import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * The id of the portal request that placed a carrier request, so the worker that sends it later, maybe on another
 * server, logs with it and passes it to the carrier as X-Request-Id (docs/decisions/0199). The audit log holds it
 * too, but finding it there would take a search of the log for every claimed row.
 */
const statements = ['ALTER TABLE carrier_requests ADD COLUMN request_id text'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['ALTER TABLE carrier_requests DROP COLUMN request_id']);
}
