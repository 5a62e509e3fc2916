import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

// Monthly usage charts read rollups, never the call-detail records (spec 2.5, 2.8). Two levels:
// - usage_monthly (0001): per endpoint and UK calendar month. The demo-data load fills it itself in one INSERT;
//   from here on a trigger on call_detail_records keeps it true whenever records are added, changed or removed
//   outside a bulk load.
// - company_usage_monthly (new): per company, endpoint type and month, so the dashboard's widget over a whole
//   company (thousands of lines) reads 12 rows instead of aggregating every line's months. It follows
//   usage_monthly by trigger whoever writes that (the load included), so it never disagrees with it.
// Both triggers are statement-level with transition tables: one upsert per statement, aggregated per key, so a
// batch of a million records costs one grouped write, not a million. Upserts go in key order so two concurrent
// batches touching the same months wait for each other instead of deadlocking.

/** The month a record counts in: exactly the expression the demo-data load groups by (seed/load.ts). */
const RECORD_MONTH = `date_trunc('month', started_at AT TIME ZONE 'Europe/London')::date`;

/**
 * A plpgsql function body that applies the signed totals of the statement's transition tables. `rows(source, sign)`
 * renders one transition table as a row source; INSERT has only the new rows, DELETE only the old, UPDATE both
 * (old ones subtracted), so an update that changes no counted column (billing sets invoice_id) nets to nothing.
 */
function deltaFunction(
  name: string,
  guard: string,
  apply: (source: string) => string,
  rows: (table: string, sign: number) => string,
) {
  return `CREATE FUNCTION ${name}() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      ${guard}
      IF TG_OP = 'INSERT' THEN
        ${apply(rows('new_rows', 1))};
      ELSIF TG_OP = 'DELETE' THEN
        ${apply(rows('old_rows', -1))};
      ELSE
        ${apply(`${rows('new_rows', 1)} UNION ALL ${rows('old_rows', -1)}`)};
      END IF;
      RETURN NULL;
    END $$`;
}

/** Three triggers, because PostgreSQL allows transition tables only on a trigger of a single event. */
function statementTriggers(table: string, prefix: string, fn: string) {
  return [
    `CREATE TRIGGER ${prefix}_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${prefix}_update AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${prefix}_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
  ];
}

const SOME_CHANGE = 'HAVING sum(cost) <> 0 OR sum(duration) <> 0 OR sum(calls) <> 0 OR sum(bytes) <> 0';

// Calls count voice records only, duration and bytes sum every record: the load's and the invoices' definitions.
const callRecordRows = (table: string, sign: number) =>
  `SELECT endpoint_id, ${RECORD_MONTH} AS month, ${sign} * cost AS cost, ${sign} * duration AS duration,
          ${sign} * (record_type = 'voice')::integer AS calls, ${sign} * bytes AS bytes FROM ${table}`;

// An endpoint that is no longer there (deleted with its records by a cascade) has no rollup left to change: the
// inner join drops it. Its usage_monthly rows go with it by their own cascade.
const applyToUsageMonthly = (source: string) => `
  INSERT INTO usage_monthly AS u (endpoint_id, company_id, month, cost, duration, calls, bytes)
  SELECT d.endpoint_id, e.company_id, d.month, sum(d.cost), sum(d.duration), sum(d.calls), sum(d.bytes)
  FROM (${source}) d JOIN endpoints e ON e.id = d.endpoint_id
  GROUP BY d.endpoint_id, e.company_id, d.month
  ${SOME_CHANGE}
  ORDER BY d.endpoint_id, d.month
  ON CONFLICT (endpoint_id, month) DO UPDATE SET
    cost = u.cost + excluded.cost, duration = u.duration + excluded.duration,
    calls = u.calls + excluded.calls, bytes = u.bytes + excluded.bytes`;

const usageMonthlyRows = (table: string, sign: number) =>
  `SELECT endpoint_id, company_id, month, ${sign} * cost AS cost, ${sign} * duration AS duration,
          ${sign} * calls AS calls, ${sign} * bytes AS bytes FROM ${table}`;

// The endpoint gives the type. Endpoints leaving subtract their months first (forget_endpoint_usage below), so a
// cascade that finds the endpoint or its company already gone has nothing left to do; skipping it also keeps a
// company's deletion from re-inserting rollup rows for a company that no longer exists.
const applyToCompanyUsage = (source: string) => `
  INSERT INTO company_usage_monthly AS c (company_id, endpoint_type_id, month, cost, duration, calls, bytes)
  SELECT d.company_id, e.endpoint_type_id, d.month, sum(d.cost), sum(d.duration), sum(d.calls), sum(d.bytes)
  FROM (${source}) d
    JOIN endpoints e ON e.id = d.endpoint_id
    JOIN companies co ON co.id = d.company_id
  GROUP BY d.company_id, e.endpoint_type_id, d.month
  ${SOME_CHANGE}
  ORDER BY d.company_id, e.endpoint_type_id, d.month
  ON CONFLICT (company_id, endpoint_type_id, month) DO UPDATE SET
    cost = c.cost + excluded.cost, duration = c.duration + excluded.duration,
    calls = c.calls + excluded.calls, bytes = c.bytes + excluded.bytes`;

const statements = [
  `CREATE TABLE company_usage_monthly (
    company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    endpoint_type_id smallint NOT NULL REFERENCES endpoint_types (id),
    month date NOT NULL CHECK (extract(day FROM month) = 1),
    cost numeric(16, 4) NOT NULL DEFAULT 0,
    duration bigint NOT NULL DEFAULT 0,
    calls bigint NOT NULL DEFAULT 0,
    bytes bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, endpoint_type_id, month)
  )`,
  `INSERT INTO company_usage_monthly (company_id, endpoint_type_id, month, cost, duration, calls, bytes)
    SELECT u.company_id, e.endpoint_type_id, u.month, sum(u.cost), sum(u.duration), sum(u.calls), sum(u.bytes)
    FROM usage_monthly u JOIN endpoints e ON e.id = u.endpoint_id
    GROUP BY 1, 2, 3`,

  // Not skipped by portal.bulk_load: this rollup follows usage_monthly, and the load writes usage_monthly itself.
  deltaFunction('roll_usage_into_company', '', applyToCompanyUsage, usageMonthlyRows),
  ...statementTriggers('usage_monthly', 'usage_monthly_company_rollup', 'roll_usage_into_company'),

  // Skipped by portal.bulk_load: the load copies millions of records and computes usage_monthly in one go after.
  deltaFunction(
    'roll_call_records_into_usage',
    `IF current_setting('portal.bulk_load', true) = 'on' THEN
        RETURN NULL;
      END IF;`,
    applyToUsageMonthly,
    callRecordRows,
  ),
  ...statementTriggers('call_detail_records', 'call_detail_records_usage_rollup', 'roll_call_records_into_usage'),

  // Billable usage reads the records no invoice holds yet, per device since the last billed period. Only those few
  // (the current month's, about 1 in 25 on the large data set) are in this index, so a team of 600 devices reads
  // its period in less than half the time the full (endpoint_id, started_at) index takes.
  `CREATE INDEX cdr_unbilled_endpoint_started ON call_detail_records (endpoint_id, started_at) WHERE invoice_id IS NULL`,

  // While the endpoint still exists its months can be subtracted from its company's rollup; the cascades that
  // follow its deletion would no longer find its type.
  `CREATE FUNCTION forget_endpoint_usage() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM usage_monthly WHERE endpoint_id = OLD.id;
      RETURN OLD;
    END $$`,
  `CREATE TRIGGER endpoints_forget_usage BEFORE DELETE ON endpoints
    FOR EACH ROW EXECUTE FUNCTION forget_endpoint_usage()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}
