import { type Kysely, type OperandExpression, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { USAGE_TIME_ZONE } from './usage-calendar.js';
import type { PeriodBytes, PeriodTotals } from './usage-series.js';

/** A subquery of endpoint ids: whose usage a chart adds up. */
export type EndpointIds = OperandExpression<number>;
/** A subquery of company ids. */
export type CompanyIds = OperandExpression<number>;

const MONTHLY_TOTALS = [
  sql<number>`sum(cost)`.as('cost'),
  sql<number>`sum(duration)`.as('duration'),
  sql<number>`sum(calls)`.as('calls'),
  sql<number>`sum(bytes)`.as('bytes'),
] as const;

/** Months `first`..`last` of the given endpoints, from the per-endpoint rollup. */
export async function monthlyTotalsOfEndpoints(
  db: Kysely<Database>,
  endpoints: EndpointIds,
  first: string,
  last: string,
): Promise<PeriodTotals[]> {
  return db
    .selectFrom('usage_monthly')
    .select(['month as period', ...MONTHLY_TOTALS])
    .where('endpoint_id', 'in', endpoints)
    .where('month', '>=', first)
    .where('month', '<=', last)
    .groupBy('month')
    .execute();
}

/** Months `first`..`last` of whole companies' endpoints of one type, from the per-company rollup. */
export async function monthlyTotalsOfCompanies(
  db: Kysely<Database>,
  companies: CompanyIds,
  endpointTypeId: number,
  first: string,
  last: string,
): Promise<PeriodTotals[]> {
  return db
    .selectFrom('company_usage_monthly')
    .select(['month as period', ...MONTHLY_TOTALS])
    .where('company_id', 'in', companies)
    .where('endpoint_type_id', '=', endpointTypeId)
    .where('month', '>=', first)
    .where('month', '<=', last)
    .groupBy('month')
    .execute();
}

/**
 * A site's months of one endpoint type from the per-site rollup, checking in the same query that the site is among
 * `visibleSites`: undefined when it is not (or does not exist). One round trip for the busiest chart of a large estate.
 */
export async function monthlyTotalsOfSite(
  db: Kysely<Database>,
  siteId: number,
  visibleSites: OperandExpression<number>,
  endpointTypeId: number,
  first: string,
  last: string,
): Promise<PeriodTotals[] | undefined> {
  const rows = await db
    .selectFrom('sites')
    .leftJoin('site_usage_monthly as r', (join) =>
      join
        .onRef('r.site_id', '=', 'sites.id')
        .on('r.endpoint_type_id', '=', endpointTypeId)
        .on('r.month', '>=', first)
        .on('r.month', '<=', last),
    )
    .select(['r.month as period', 'r.cost', 'r.duration', 'r.calls', 'r.bytes'])
    .where('sites.id', '=', siteId)
    .where('sites.id', 'in', visibleSites)
    .execute();
  if (rows.length === 0) return undefined;
  return rows.flatMap((r) =>
    r.period === null
      ? []
      : [{ period: r.period, cost: r.cost ?? 0, duration: r.duration ?? 0, calls: r.calls ?? 0, bytes: r.bytes ?? 0 }],
  );
}

/** The UK day a record counts on. */
const RECORD_DAY = sql<string>`(started_at AT TIME ZONE ${sql.lit(USAGE_TIME_ZONE)})::date`;

/** The moment a UK calendar day starts, for range conditions the (endpoint_id, started_at) index can serve. */
function startOfUkDay(day: string) {
  return sql<Date>`(${day}::date::timestamp AT TIME ZONE ${sql.lit(USAGE_TIME_ZONE)})`;
}

/**
 * Per day from `first` to `last` (UK days), the given endpoints' records that no invoice holds yet. Reads the
 * call-detail records, but only the current period's: the (endpoint_id, started_at) index narrows to those days.
 */
export async function dailyUnbilledTotals(
  db: Kysely<Database>,
  endpoints: EndpointIds,
  first: string,
  last: string,
): Promise<PeriodTotals[]> {
  return db
    .selectFrom('call_detail_records')
    .select([
      RECORD_DAY.as('period'),
      sql<number>`sum(cost)`.as('cost'),
      sql<number>`sum(duration)`.as('duration'),
      sql<number>`count(*) FILTER (WHERE record_type = 'voice')`.as('calls'),
      sql<number>`sum(bytes)`.as('bytes'),
    ])
    .where('endpoint_id', 'in', endpoints)
    .where('invoice_id', 'is', null)
    .where('started_at', '>=', startOfUkDay(first))
    .where('started_at', '<', sql<Date>`${startOfUkDay(last)} + interval '1 day'`)
    .groupBy(RECORD_DAY)
    .execute();
}

/** Per day from `first` to `last` (UK days), the data volume of one line's data sessions. */
export async function dailyDataOfEndpoint(
  db: Kysely<Database>,
  endpointId: number,
  first: string,
  last: string,
): Promise<PeriodBytes[]> {
  return db
    .selectFrom('call_detail_records')
    .select([RECORD_DAY.as('period'), sql<number>`sum(bytes)`.as('bytes')])
    .where('endpoint_id', '=', endpointId)
    .where('record_type', '=', 'data')
    .where('started_at', '>=', startOfUkDay(first))
    .where('started_at', '<', sql<Date>`${startOfUkDay(last)} + interval '1 day'`)
    .groupBy(RECORD_DAY)
    .execute();
}

/**
 * The first day not yet billed for a company: the day after the latest invoice's period, or — for a company
 * without a bill yet — the first of the current month, bills being monthly.
 */
export async function firstUnbilledDay(db: Kysely<Database>, companyId: number, today: string): Promise<string> {
  const latest = await db
    .selectFrom('invoices')
    .select(sql<string | null>`(max(period_end) + 1)`.as('day'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return latest?.day ?? `${today.slice(0, 7)}-01`;
}
