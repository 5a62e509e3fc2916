import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * The bill tiles' unbilled calls count a company's voice records that no bill holds yet (bills/repository.ts). On the
 * large data set the largest company's 8,735 lines each looked their records up in cdr_unbilled_endpoint_started
 * and read the heap to check the record type. This index holds only those records (about one in fifty) and the
 * endpoint alone, so each line's count is an index-only look-up (Speed issue; docs/performance/).
 */
const statements = [
  `CREATE INDEX cdr_unbilled_voice_endpoint ON call_detail_records (endpoint_id)
     WHERE invoice_id IS NULL AND record_type = 'voice'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['DROP INDEX cdr_unbilled_voice_endpoint']);
}
