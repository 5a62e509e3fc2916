import { ENDPOINT_TYPE } from '@portal/contract';
import { sql } from 'kysely';
import {
  endpointsInEstate,
  holdsSitesWhole,
  holdsTeamsWhole,
  sitesInEstate,
  teamMembershipsInEstate,
  teamsInEstate,
} from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { earlierDay, USAGE_TIME_ZONE } from './usage-calendar.js';
import type { PeriodBytes, PeriodSessions, PeriodTotals } from './usage-series.js';

/**
 * Whose usage a chart adds up, always only the caller's devices among them: one device, or the mobile devices of a
 * site, of a team or of the caller's whole estate (spec 2.8: the site, team and dashboard views chart mobile usage).
 */
export type Devices = { endpointId: number } | { siteId: number } | { teamId: number } | 'estate';

function deviceIds(scope: EstateScope, devices: Devices) {
  const endpoints = scope.db
    .selectFrom('endpoints')
    .select('endpoints.id')
    .where((eb) => endpointsInEstate(eb, scope));
  if (devices === 'estate') return endpoints.where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile);
  if ('endpointId' in devices) return endpoints.where('endpoints.id', '=', devices.endpointId);
  if ('siteId' in devices) {
    return endpoints
      .where('endpoints.site_id', '=', devices.siteId)
      .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile);
  }
  return scope.db
    .selectFrom('team_endpoints')
    .innerJoin('endpoints', 'endpoints.id', 'team_endpoints.endpoint_id')
    .select('endpoints.id')
    .where('team_endpoints.team_id', '=', devices.teamId)
    .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
    .where((eb) => teamMembershipsInEstate(eb, scope));
}

// Each lookup checks the estate in the same query that reads the company: an id outside the caller's estate is
// answered exactly like one that does not exist.

/** One of the caller's devices: its company and type. */
export function endpointOfEstate(scope: EstateScope, id: number) {
  return scope.db
    .selectFrom('endpoints')
    .select(['endpoints.company_id as companyId', 'endpoints.endpoint_type_id as endpointTypeId'])
    .where('endpoints.id', '=', id)
    .where((eb) => endpointsInEstate(eb, scope))
    .executeTakeFirst();
}

/** One of the caller's sites: its company. */
export function siteOfEstate(scope: EstateScope, id: number) {
  return scope.db
    .selectFrom('sites')
    .select('sites.company_id as companyId')
    .where('sites.id', '=', id)
    .where((eb) => sitesInEstate(eb, scope))
    .executeTakeFirst();
}

/** One of the caller's teams: its company. */
export function teamOfEstate(scope: EstateScope, id: number) {
  return scope.db
    .selectFrom('teams')
    .select('teams.company_id as companyId')
    .where('teams.id', '=', id)
    .where((eb) => teamsInEstate(eb, scope))
    .executeTakeFirst();
}

const MONTHLY_TOTALS = [
  sql<number>`sum(cost)`.as('cost'),
  sql<number>`sum(duration)`.as('duration'),
  sql<number>`sum(calls)`.as('calls'),
  sql<number>`sum(bytes)`.as('bytes'),
] as const;

/** Months `first`..`last` of the given devices, from the per-device rollup. */
export async function monthlyTotals(
  scope: EstateScope,
  devices: Devices,
  first: string,
  last: string,
): Promise<PeriodTotals[]> {
  return scope.db
    .selectFrom('usage_monthly')
    .select(['month as period', ...MONTHLY_TOTALS])
    .where('endpoint_id', 'in', deviceIds(scope, devices))
    .where('month', '>=', first)
    .where('month', '<=', last)
    .groupBy('month')
    .execute();
}

/**
 * Months `first`..`last` of the caller's mobile devices. A company-level estate is its companies' every device,
 * which the per-company rollup holds already added up: 12 rows to read instead of a month of each of thousands of
 * lines. Other estates are a few lines.
 */
export async function monthlyTotalsOfEstate(scope: EstateScope, first: string, last: string): Promise<PeriodTotals[]> {
  if (!scope.companyWide) return monthlyTotals(scope, 'estate', first, last);
  return scope.db
    .selectFrom('company_usage_monthly')
    .select(['month as period', ...MONTHLY_TOTALS])
    .where('company_id', 'in', scope.companyIds())
    .where('endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
    .where('month', '>=', first)
    .where('month', '<=', last)
    .groupBy('month')
    .execute();
}

/**
 * Months `first`..`last` of the mobile devices of one of the caller's sites; undefined when the site is not theirs
 * (or does not exist). Where the caller holds their sites whole, the site's own rollup has them added up, read in
 * the same query that checks the site: one round trip for the busiest chart of a large estate. Otherwise the site
 * is seen through some of its devices, whose months are added up.
 */
export async function monthlyTotalsOfSite(
  scope: EstateScope,
  siteId: number,
  first: string,
  last: string,
): Promise<PeriodTotals[] | undefined> {
  if (!holdsSitesWhole(scope)) {
    if (!(await siteOfEstate(scope, siteId))) return undefined;
    return monthlyTotals(scope, { siteId }, first, last);
  }
  const rows = await scope.db
    .selectFrom('sites')
    .leftJoin('site_usage_monthly as r', (join) =>
      join
        .onRef('r.site_id', '=', 'sites.id')
        .on('r.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
        .on('r.month', '>=', first)
        .on('r.month', '<=', last),
    )
    .select(['r.month as period', 'r.cost', 'r.duration', 'r.calls', 'r.bytes'])
    .where('sites.id', '=', siteId)
    .where((eb) => sitesInEstate(eb, scope))
    .execute();
  return rollupMonths(rows);
}

/**
 * Months `first`..`last` of the mobile devices of one of the caller's teams; undefined when the team is not theirs
 * (or does not exist). As for a site: where the caller holds their teams whole, the team's rollup (migration 0020)
 * is read in the query that checks the team; otherwise the months of the devices they see in it are added up.
 */
export async function monthlyTotalsOfTeam(
  scope: EstateScope,
  teamId: number,
  first: string,
  last: string,
): Promise<PeriodTotals[] | undefined> {
  if (!holdsTeamsWhole(scope)) {
    if (!(await teamOfEstate(scope, teamId))) return undefined;
    return monthlyTotals(scope, { teamId }, first, last);
  }
  const rows = await scope.db
    .selectFrom('teams')
    .leftJoin('team_usage_monthly as r', (join) =>
      join
        .onRef('r.team_id', '=', 'teams.id')
        .on('r.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
        .on('r.month', '>=', first)
        .on('r.month', '<=', last),
    )
    .select(['r.month as period', 'r.cost', 'r.duration', 'r.calls', 'r.bytes'])
    .where('teams.id', '=', teamId)
    .where((eb) => teamsInEstate(eb, scope))
    .execute();
  return rollupMonths(rows);
}

type RollupRow = {
  period: string | null;
  cost: number | null;
  duration: number | null;
  calls: number | null;
  bytes: number | null;
};

/** The months a rollup joined to its owner gave: undefined without the owner (not the caller's), none without months. */
function rollupMonths(rows: RollupRow[]): PeriodTotals[] | undefined {
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
 * Per day from `first` to `last` (UK days), the given devices' records that no invoice holds yet. Reads the
 * call-detail records, but only the current period's: the (endpoint_id, started_at) index narrows to those days.
 */
export async function dailyUnbilledTotals(
  scope: EstateScope,
  devices: Devices,
  first: string,
  last: string,
): Promise<PeriodTotals[]> {
  return scope.db
    .selectFrom('call_detail_records')
    .select([
      RECORD_DAY.as('period'),
      sql<number>`sum(cost)`.as('cost'),
      sql<number>`sum(duration)`.as('duration'),
      sql<number>`count(*) FILTER (WHERE record_type = 'voice')`.as('calls'),
      sql<number>`sum(bytes)`.as('bytes'),
    ])
    .where('endpoint_id', 'in', deviceIds(scope, devices))
    .where('invoice_id', 'is', null)
    .where('started_at', '>=', startOfUkDay(first))
    .where('started_at', '<', sql<Date>`${startOfUkDay(last)} + interval '1 day'`)
    .groupBy(RECORD_DAY)
    .execute();
}

/**
 * Per day from `first` to `last` (UK days), one of the caller's lines' data sessions: their volume, their time
 * online (seconds) and how many there were.
 */
export async function dailySessionsOfEndpoint(
  scope: EstateScope,
  endpointId: number,
  first: string,
  last: string,
): Promise<Array<PeriodBytes & PeriodSessions>> {
  return scope.db
    .selectFrom('call_detail_records')
    .select([
      RECORD_DAY.as('period'),
      sql<number>`sum(bytes)`.as('bytes'),
      sql<number>`sum(duration)`.as('seconds'),
      sql<number>`count(*)`.as('sessions'),
    ])
    .where('endpoint_id', 'in', deviceIds(scope, { endpointId }))
    .where('record_type', '=', 'data')
    .where('started_at', '>=', startOfUkDay(first))
    .where('started_at', '<', sql<Date>`${startOfUkDay(last)} + interval '1 day'`)
    .groupBy(RECORD_DAY)
    .execute();
}

/**
 * The first day not yet billed for one of the caller's companies: the day after the latest invoice's period, or —
 * for a company without a bill yet — the first of the current month, bills being monthly.
 */
export async function firstUnbilledDay(scope: EstateScope, companyId: number, today: string): Promise<string> {
  const latest = await scope.db
    .selectFrom('invoices')
    .select(sql<string | null>`(max(period_end) + 1)`.as('day'))
    .where('company_id', '=', companyId)
    .where('company_id', 'in', scope.companyIds())
    .executeTakeFirst();
  return latest?.day ?? `${today.slice(0, 7)}-01`;
}

/**
 * Whose lines a spend forecast adds up: the caller's every line (the dashboard's figure sits beside the bills' cost
 * chart, and a bill holds mobile and broadband alike), or, as their usage charts do, the mobile lines of one of the
 * caller's sites or teams, or one line.
 */
export type ForecastLines = 'estate' | Exclude<Devices, 'estate'>;

/**
 * usage_daily rows of those lines, always inside the caller's companies: for a company-level estate the company
 * condition is the whole of it, which the (company_id, day) index serves; otherwise the lines' ids, each a range of
 * the (endpoint_id, day) key.
 */
function forecastRows(scope: EstateScope, lines: ForecastLines) {
  const rows = scope.db.selectFrom('usage_daily').where('usage_daily.company_id', 'in', scope.companyIds());
  if (lines !== 'estate') return rows.where('usage_daily.endpoint_id', 'in', deviceIds(scope, lines));
  if (scope.companyWide) return rows;
  return rows.where(
    'usage_daily.endpoint_id',
    'in',
    scope.db
      .selectFrom('endpoints')
      .select('endpoints.id')
      .where((eb) => endpointsInEstate(eb, scope)),
  );
}

/** One company's sums of a forecast's days. */
export type ForecastSums = {
  companyId: number;
  /** Cost of the days from `periodStart` to `today`. */
  monthToDate: number;
  /** Whether any line had a record on those days. */
  hasUsage: boolean;
  /** Cost of the days from `rateFirst` up to (not including) `today`. */
  rateCost: number;
};

const day = (value: string) => sql<string>`${value}::date`;

/** Per company of the caller's that has any, the cost of the period so far and of the run rate's days. */
export async function forecastSums(
  scope: EstateScope,
  lines: ForecastLines,
  days: { periodStart: string; rateFirst: string; today: string },
): Promise<ForecastSums[]> {
  if (lines === 'estate' && scope.companyWide) return companyForecastSums(scope, days);
  const { periodStart, rateFirst, today } = days;
  return forecastRows(scope, lines)
    .select([
      'usage_daily.company_id as companyId',
      sql<number>`coalesce(sum(cost) FILTER (WHERE day >= ${day(periodStart)}), 0)`.as('monthToDate'),
      sql<boolean>`coalesce(bool_or(day >= ${day(periodStart)}), false)`.as('hasUsage'),
      sql<number>`coalesce(sum(cost) FILTER (WHERE day >= ${day(rateFirst)} AND day < ${day(today)}), 0)`.as(
        'rateCost',
      ),
    ])
    .where('usage_daily.day', '>=', day(earlierDay(periodStart, rateFirst)))
    .where('usage_daily.day', '<=', day(today))
    .groupBy('usage_daily.company_id')
    .execute();
}

/**
 * The same for whole companies. Their month so far is one row per line type of the per-company monthly rollup
 * (kept by the same records' trigger), so usage_daily is read only for the rate's 7 days: the largest company of
 * the large data set has 16,000 line-days in a month, a quarter of them in a week.
 */
async function companyForecastSums(
  scope: EstateScope,
  days: { periodStart: string; rateFirst: string; today: string },
): Promise<ForecastSums[]> {
  const [months, rates] = await Promise.all([
    scope.db
      .selectFrom('company_usage_monthly')
      .select(['company_id as companyId', sql<number>`sum(cost)`.as('monthToDate')])
      .where('company_id', 'in', scope.companyIds())
      .where('month', '=', days.periodStart)
      .groupBy('company_id')
      .execute(),
    forecastRows(scope, 'estate')
      .select(['usage_daily.company_id as companyId', sql<number>`sum(cost)`.as('rateCost')])
      .where('usage_daily.day', '>=', day(days.rateFirst))
      .where('usage_daily.day', '<', day(days.today))
      .groupBy('usage_daily.company_id')
      .execute(),
  ]);
  const companies = new Set([...months, ...rates].map((r) => r.companyId));
  return [...companies].map((companyId) => {
    const month = months.find((m) => m.companyId === companyId);
    return {
      companyId,
      // A rollup row is there once a record of the month was: the month has usage even if it cost nothing.
      monthToDate: month?.monthToDate ?? 0,
      hasUsage: month !== undefined,
      rateCost: rates.find((r) => r.companyId === companyId)?.rateCost ?? 0,
    };
  });
}

/**
 * Per company, the first day from `windowStart` on with any usage of the lines: how much history the run rate has.
 * A company-level estate asks each company's (company_id, day) index for its first entry; other scopes are a few
 * lines, whose rows in the window are few.
 */
export async function forecastFirstDays(
  scope: EstateScope,
  lines: ForecastLines,
  windowStart: string,
): Promise<Array<{ companyId: number; firstDay: string | null }>> {
  if (lines === 'estate' && scope.companyWide) {
    return scope.db
      .selectFrom('companies')
      .select((eb) => [
        'companies.id as companyId',
        eb
          .selectFrom('usage_daily')
          .select(sql<string>`min(day)::text`.as('first'))
          .whereRef('usage_daily.company_id', '=', 'companies.id')
          .where('usage_daily.day', '>=', day(windowStart))
          .as('firstDay'),
      ])
      .where('companies.id', 'in', scope.companyIds())
      .execute();
  }
  return forecastRows(scope, lines)
    .select(['usage_daily.company_id as companyId', sql<string | null>`min(day)::text`.as('firstDay')])
    .where('usage_daily.day', '>=', day(windowStart))
    .groupBy('usage_daily.company_id')
    .execute();
}

/** The names of the caller's companies among `ids` (all of them when `ids` is 'all'), by name. */
export function companyNames(scope: EstateScope, ids: readonly number[] | 'all') {
  const query = scope.db
    .selectFrom('companies')
    .select(['companies.id', 'companies.name'])
    .where('companies.id', 'in', scope.companyIds())
    .orderBy('companies.name');
  return ids === 'all'
    ? query.execute()
    : ids.length === 0
      ? Promise.resolve([])
      : query.where('companies.id', 'in', ids).execute();
}
