import type { Kysely } from 'kysely';
import { deltaFunction, statementTriggers } from './0004-usage-rollups.js';
import { runStatements } from './run-statements.js';

/*
 * The bill tiles' unbilled calls (bills/repository.ts) counted, per line, the voice records no bill holds yet: for the
 * largest company of the large data set, 8,735 index look-ups per call (21 ms). This rollup keeps the count per line,
 * with the line's company, so a company's figure is a sum over one index range (Speed issue; docs/performance/).
 * A statement trigger keeps it true whenever records are added, billed (invoice_id set) or removed, as the usage
 * rollups of migration 0004 are kept; the demo-data load fills it itself after copying records (seed/load.ts).
 */

/** Every line's unbilled voice records, counted afresh from the records themselves (after a bulk load). */
export const FILL_UNBILLED_CALLS = `INSERT INTO unbilled_calls AS u (endpoint_id, company_id, calls)
  SELECT r.endpoint_id, e.company_id, count(*)
  FROM call_detail_records r JOIN endpoints e ON e.id = r.endpoint_id
  WHERE r.invoice_id IS NULL AND r.record_type = 'voice'
  GROUP BY 1, 2
  ON CONFLICT (endpoint_id) DO UPDATE SET calls = excluded.calls`;

const unbilledCallRows = (table: string, sign: number) =>
  `SELECT endpoint_id, ${sign} AS calls FROM ${table} WHERE invoice_id IS NULL AND record_type = 'voice'`;

// A line no longer there (deleted with its records by a cascade) has no row left to change: the join drops it.
const applyToUnbilledCalls = (source: string) => `
  INSERT INTO unbilled_calls AS u (endpoint_id, company_id, calls)
  SELECT d.endpoint_id, e.company_id, sum(d.calls)
  FROM (${source}) d JOIN endpoints e ON e.id = d.endpoint_id
  GROUP BY d.endpoint_id, e.company_id
  HAVING sum(d.calls) <> 0
  ORDER BY d.endpoint_id
  ON CONFLICT (endpoint_id) DO UPDATE SET calls = u.calls + excluded.calls`;

const statements = [
  `CREATE TABLE unbilled_calls (
    endpoint_id integer PRIMARY KEY,
    company_id integer NOT NULL,
    calls integer NOT NULL,
    FOREIGN KEY (endpoint_id, company_id) REFERENCES endpoints (id, company_id) ON DELETE CASCADE
  )`,
  'CREATE INDEX unbilled_calls_company ON unbilled_calls (company_id) INCLUDE (calls)',
  FILL_UNBILLED_CALLS,
  deltaFunction(
    'count_unbilled_calls',
    `IF current_setting('portal.bulk_load', true) = 'on' THEN
        RETURN NULL;
      END IF;`,
    applyToUnbilledCalls,
    unbilledCallRows,
  ),
  ...statementTriggers('call_detail_records', 'call_detail_records_unbilled_calls', 'count_unbilled_calls'),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    ...['insert', 'update', 'delete'].map(
      (event) => `DROP TRIGGER call_detail_records_unbilled_calls_${event} ON call_detail_records`,
    ),
    'DROP FUNCTION count_unbilled_calls()',
    'DROP TABLE unbilled_calls',
  ]);
}
