import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type EstateCaller, estateScope } from '../../estate/estate-scope.js';

type Caller = EstateCaller;

/**
 * The invoices a caller may see: those of the companies of their estate. An invoice is a company document, not split
 * by site or team, so a Site, Team or EndPoint user holding ViewMyBills (which every invoice route demands) sees the
 * whole bill of the company their lines belong to; granting ViewMyBills is the administrator's decision to show it.
 */
export function invoicesInEstate(db: Kysely<Database>, caller: Caller) {
  return db.selectFrom('invoices').where('invoices.company_id', 'in', estateScope(db, caller).companies());
}
