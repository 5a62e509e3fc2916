import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

// Monthly usage charts read rollups, never the call-detail records (spec 2.5, 2.8):
// - usage_monthly (0001): per endpoint and UK calendar month. The demo-data load fills it itself in one INSERT;
//   from here on a trigger on call_detail_records keeps it true whenever records are added, changed or removed
//   outside a bulk load.
// - company_usage_monthly and site_usage_monthly (new): per company (site), endpoint type and month, so the
//   dashboard's widget over a whole company (thousands of lines) and a site's chart (hundreds) read 12 rows
//   instead of adding up every line's months. They follow usage_monthly by trigger whoever writes it (the load
//   included), and follow a line moved to another site, so they never disagree with it.
// The triggers on the two tables are statement-level with transition tables: one upsert per statement, aggregated
// per key, so a batch of a million records costs one grouped write, not a million. Upserts go in key order so two
// concurrent batches touching the same months wait for each other instead of deadlocking.

/** The month a record counts in: exactly the expression the demo-data load groups by (seed/load.ts). */
const RECORD_MONTH = `date_trunc('month', started_at AT TIME ZONE 'Europe/London')::date`;

/**
 * A plpgsql function body that applies the signed totals of the statement's transition tables. `rows(source, sign)`
 * renders one transition table as a row source; INSERT has only the new rows, DELETE only the old, UPDATE both
 * (old ones subtracted), so an update that changes no counted column (billing sets invoice_id) nets to nothing.
 */
export function deltaFunction(
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
export function statementTriggers(table: string, prefix: string, fn: string) {
  return [
    `CREATE TRIGGER ${prefix}_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${prefix}_update AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${prefix}_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
  ];
}

export const SOME_CHANGE = 'HAVING sum(cost) <> 0 OR sum(duration) <> 0 OR sum(calls) <> 0 OR sum(bytes) <> 0';

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

export const usageMonthlyRows = (table: string, sign: number) =>
  `SELECT endpoint_id, company_id, month, ${sign} * cost AS cost, ${sign} * duration AS duration,
          ${sign} * calls AS calls, ${sign} * bytes AS bytes FROM ${table}`;

/** The rollups over usage_monthly: by the endpoint's company, and by its site (endpoints without one have none). */
const ROLLUPS = [
  { table: 'company_usage_monthly', owner: 'company_id' },
  { table: 'site_usage_monthly', owner: 'site_id' },
] as const;

/** Upserts signed totals into a rollup keyed by `owner`, endpoint type and month; zero changes are left out. */
export function upsertRollup(table: string, owner: string, select: string) {
  return `
  INSERT INTO ${table} AS r (${owner}, endpoint_type_id, month, cost, duration, calls, bytes)
  SELECT * FROM (${select}) t ORDER BY 1, 2, 3
  ON CONFLICT (${owner}, endpoint_type_id, month) DO UPDATE SET
    cost = r.cost + excluded.cost, duration = r.duration + excluded.duration,
    calls = r.calls + excluded.calls, bytes = r.bytes + excluded.bytes`;
}

// The endpoint gives the type and site. Endpoints leaving subtract their months first (forget_endpoint_usage
// below), so a cascade that finds the endpoint or its company already gone has nothing left to do; skipping it
// also keeps a company's deletion from re-inserting rollup rows for a company (or its sites) no longer there.
const applyToRollups = (source: string) =>
  ROLLUPS.map(({ table, owner }) =>
    upsertRollup(
      table,
      owner,
      `SELECT e.${owner}, e.endpoint_type_id, d.month,
                sum(d.cost) AS cost, sum(d.duration) AS duration, sum(d.calls) AS calls, sum(d.bytes) AS bytes
         FROM (${source}) d
           JOIN endpoints e ON e.id = d.endpoint_id
           JOIN companies co ON co.id = d.company_id
         WHERE e.${owner} IS NOT NULL
         GROUP BY e.${owner}, e.endpoint_type_id, d.month
         ${SOME_CHANGE}`,
    ),
  ).join(';\n');

/** A line moved to another site (or retyped) takes its months from the old key to the new one. */
const moveEndpointUsage = ROLLUPS.map(({ table, owner }) =>
  upsertRollup(
    table,
    owner,
    `SELECT owner, endpoint_type_id, month,
              sum(cost) AS cost, sum(duration) AS duration, sum(calls) AS calls, sum(bytes) AS bytes
       FROM (
         SELECT k.owner, k.endpoint_type_id, u.month, k.sign * u.cost AS cost, k.sign * u.duration AS duration,
                k.sign * u.calls AS calls, k.sign * u.bytes AS bytes
         FROM usage_monthly u
           CROSS JOIN (VALUES (OLD.${owner}, OLD.endpoint_type_id, -1), (NEW.${owner}, NEW.endpoint_type_id, 1))
             AS k (owner, endpoint_type_id, sign)
         WHERE u.endpoint_id = NEW.id AND k.owner IS NOT NULL
       ) moved
       GROUP BY owner, endpoint_type_id, month
       ${SOME_CHANGE}`,
  ),
).join(';\n');

export const rollupTable = (table: string, owner: string, references: string) => `CREATE TABLE ${table} (
    ${owner} integer NOT NULL REFERENCES ${references} (id) ON DELETE CASCADE,
    endpoint_type_id smallint NOT NULL REFERENCES endpoint_types (id),
    month date NOT NULL CHECK (extract(day FROM month) = 1),
    cost numeric(16, 4) NOT NULL DEFAULT 0,
    duration bigint NOT NULL DEFAULT 0,
    calls bigint NOT NULL DEFAULT 0,
    bytes bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (${owner}, endpoint_type_id, month)
  )`;

const fillRollup = (table: string, owner: string) => `INSERT INTO ${table} (${owner}, endpoint_type_id, month,
      cost, duration, calls, bytes)
    SELECT e.${owner}, e.endpoint_type_id, u.month, sum(u.cost), sum(u.duration), sum(u.calls), sum(u.bytes)
    FROM usage_monthly u JOIN endpoints e ON e.id = u.endpoint_id
    WHERE e.${owner} IS NOT NULL
    GROUP BY 1, 2, 3`;

const statements = [
  rollupTable('company_usage_monthly', 'company_id', 'companies'),
  rollupTable('site_usage_monthly', 'site_id', 'sites'),
  fillRollup('company_usage_monthly', 'company_id'),
  fillRollup('site_usage_monthly', 'site_id'),

  // Not skipped by portal.bulk_load: these rollups follow usage_monthly, and the load writes usage_monthly itself.
  deltaFunction('roll_usage_into_rollups', '', applyToRollups, usageMonthlyRows),
  ...statementTriggers('usage_monthly', 'usage_monthly_rollups', 'roll_usage_into_rollups'),
  `CREATE FUNCTION move_endpoint_usage() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      ${moveEndpointUsage};
      RETURN NULL;
    END $$`,
  `CREATE TRIGGER endpoints_move_usage AFTER UPDATE OF site_id, endpoint_type_id ON endpoints
    FOR EACH ROW WHEN (OLD.site_id IS DISTINCT FROM NEW.site_id OR OLD.endpoint_type_id <> NEW.endpoint_type_id)
    EXECUTE FUNCTION move_endpoint_usage()`,

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

  // While the endpoint still exists its months can be subtracted from its company's and site's rollups; the
  // cascades that follow its deletion would no longer find its type and site.
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
