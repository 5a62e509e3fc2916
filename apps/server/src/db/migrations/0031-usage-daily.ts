import type { Kysely } from 'kysely';
import { deltaFunction, statementTriggers } from './0004-usage-rollups.js';
import { runStatements } from './run-statements.js';

/*
 * Spend control (decision 0213) needs figures by day: alert rules over a day, a bill month's roaming cost, and the
 * forecast's run rate of the last 7 days. usage_daily keeps them per line and UK day, kept by a statement trigger on
 * call_detail_records as usage_monthly is (migration 0004), so every writer keeps it true.
 * It holds a window, not history: the days from the first of last month (London) on. Older records are
 * ignored by the trigger and older rows are deleted by the scheduled purge, so the rollup stays a few rows per line
 * instead of one per record of two years (5 million on the large data set). Inside the window it is exact.
 * Roaming cost is the cost of records whose destination names roaming ('EU Roaming Data'): the carriers' feeds
 * mark roaming in the destination, and no other column says it.
 */

/** The first day the rollup keeps: the first of last month, in London. */
export const USAGE_DAILY_WINDOW_START = `(date_trunc('month', now() AT TIME ZONE 'Europe/London') - interval '1 month')::date`;

/** The day a record counts in: its London calendar day, as months are London months. */
const RECORD_DAY = `(started_at AT TIME ZONE 'Europe/London')::date`;

/** The cost a record adds to roaming cost. */
const ROAMING_COST = `CASE WHEN destination ILIKE '%roaming%' THEN cost ELSE 0 END`;

const callRecordDays = (table: string, sign: number) =>
  `SELECT endpoint_id, ${RECORD_DAY} AS day, ${sign} * cost AS cost, ${sign} * ${ROAMING_COST} AS roaming_cost,
          ${sign} * duration AS duration, ${sign} * (record_type = 'voice')::integer AS calls, ${sign} * bytes AS bytes
   FROM ${table}`;

/** Every line's days in the window, counted afresh from the records (the demo-data load calls it after copying). */
export const FILL_USAGE_DAILY = `INSERT INTO usage_daily AS u
    (endpoint_id, company_id, day, cost, roaming_cost, duration, calls, bytes)
  SELECT d.endpoint_id, e.company_id, d.day, sum(d.cost), sum(d.roaming_cost), sum(d.duration), sum(d.calls),
         sum(d.bytes)
  FROM (${callRecordDays('call_detail_records', 1)}) d JOIN endpoints e ON e.id = d.endpoint_id
  WHERE d.day >= ${USAGE_DAILY_WINDOW_START}
  GROUP BY 1, 2, 3
  ON CONFLICT (endpoint_id, day) DO UPDATE SET cost = excluded.cost, roaming_cost = excluded.roaming_cost,
    duration = excluded.duration, calls = excluded.calls, bytes = excluded.bytes`;

// A line no longer there (deleted with its records by a cascade) has no row left to change: the join drops it.
const applyToUsageDaily = (source: string) => `
  INSERT INTO usage_daily AS u (endpoint_id, company_id, day, cost, roaming_cost, duration, calls, bytes)
  SELECT d.endpoint_id, e.company_id, d.day, sum(d.cost), sum(d.roaming_cost), sum(d.duration), sum(d.calls),
         sum(d.bytes)
  FROM (${source}) d JOIN endpoints e ON e.id = d.endpoint_id
  WHERE d.day >= ${USAGE_DAILY_WINDOW_START}
  GROUP BY d.endpoint_id, e.company_id, d.day
  HAVING sum(d.cost) <> 0 OR sum(d.duration) <> 0 OR sum(d.calls) <> 0 OR sum(d.bytes) <> 0
  ORDER BY d.endpoint_id, d.day
  ON CONFLICT (endpoint_id, day) DO UPDATE SET
    cost = u.cost + excluded.cost, roaming_cost = u.roaming_cost + excluded.roaming_cost,
    duration = u.duration + excluded.duration, calls = u.calls + excluded.calls, bytes = u.bytes + excluded.bytes`;

const statements = [
  `CREATE TABLE usage_daily (
    endpoint_id integer NOT NULL,
    company_id integer NOT NULL,
    day date NOT NULL,
    cost numeric(16, 4) NOT NULL DEFAULT 0,
    roaming_cost numeric(16, 4) NOT NULL DEFAULT 0,
    duration bigint NOT NULL DEFAULT 0,
    calls bigint NOT NULL DEFAULT 0,
    bytes bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (endpoint_id, day),
    FOREIGN KEY (endpoint_id, company_id) REFERENCES endpoints (id, company_id) ON DELETE CASCADE
  )`,
  'CREATE INDEX usage_daily_company_day ON usage_daily (company_id, day)',
  FILL_USAGE_DAILY,
  deltaFunction(
    'roll_call_records_into_usage_daily',
    `IF current_setting('portal.bulk_load', true) = 'on' THEN
        RETURN NULL;
      END IF;`,
    applyToUsageDaily,
    callRecordDays,
  ),
  ...statementTriggers('call_detail_records', 'call_detail_records_usage_daily', 'roll_call_records_into_usage_daily'),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}
