import { sql } from 'kysely';
import type { DatabaseHandle } from '../connection.js';

/** Empties every table that demo data fills, keeping the schema and the reference data of the migrations. */
export async function resetDemoData(handle: DatabaseHandle): Promise<void> {
  await sql`TRUNCATE partners, companies, users, orders, invoices, call_detail_records, usage_monthly, audit_log,
            demo_data RESTART IDENTITY CASCADE`.execute(handle.db);
}
