import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type EstateCaller, estateScope } from '../../estate/estate-scope.js';

/**
 * Voice calls on the caller's lines not yet on an invoice. "Calls" counts voice records, as an invoice's calls do,
 * so the tile and the next bill agree. The estate's lines drive the query: per line, the (endpoint_id, started_at)
 * index finds its records; `invoice_id IS NULL` can use the cdr_invoice index instead when that is cheaper.
 */
export async function unbilledCallCount(db: Kysely<Database>, caller: EstateCaller): Promise<number> {
  const row = await db
    .selectFrom('call_detail_records')
    .select((eb) => eb.fn.countAll<number>().as('calls'))
    .where('call_detail_records.endpoint_id', 'in', estateScope(db, caller).endpoints())
    .where('call_detail_records.invoice_id', 'is', null)
    .where('call_detail_records.record_type', '=', 'voice')
    .executeTakeFirstOrThrow();
  return Number(row.calls);
}
