import { type Kysely, sql } from 'kysely';
import { USAGE_DAILY_WINDOW_START } from '../../src/db/migrations/0031-usage-daily.js';
import type { Database } from '../../src/db/schema.js';
import { insertPartner } from '../support/factories.js';

export type CallRecord = {
  endpoint_id: number;
  started_at: string;
  record_type: 'voice' | 'sms' | 'data';
  duration: number;
  bytes: number;
  cost: number;
  invoice_id?: number | null;
  destination?: string;
};

export type Totals = { cost: number; duration: number; calls: number; bytes: number };

/** What the rollups should add for these records: calls count voice records only, as bills do. */
export function totalsOf(records: readonly CallRecord[]): Totals {
  return records.reduce<Totals>(
    (sum, r) => ({
      cost: sum.cost + r.cost,
      duration: sum.duration + r.duration,
      calls: sum.calls + (r.record_type === 'voice' ? 1 : 0),
      bytes: sum.bytes + r.bytes,
    }),
    { cost: 0, duration: 0, calls: 0, bytes: 0 },
  );
}

export async function insertRecords(db: Kysely<Database>, records: readonly CallRecord[]): Promise<void> {
  await db
    .insertInto('call_detail_records')
    .values(records.map((r) => ({ destination: 'UK Mobile', dialled_number: null, invoice_id: null, ...r })))
    .execute();
}

/** A company with one site, a mobile line and a broadband line: a small world of its own. */
export async function insertCompanyWithLines(db: Kysely<Database>, code: string) {
  const partnerId = await insertPartner(db, `usage-${code}`);
  const company = await db
    .insertInto('companies')
    .values({ partner_id: partnerId, name: `Usage ${code} Ltd`, account_number: `US${code.padStart(6, '0')}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const address = await db
    .insertInto('addresses')
    .values({
      company_id: company.id,
      line1: '1 Test Street',
      town: 'York',
      county: 'North Yorkshire',
      post_code: 'YO1 1AA',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const site = await db
    .insertInto('sites')
    .values({ company_id: company.id, name: 'Head Office', address_id: address.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const mobile = await db
    .insertInto('endpoints')
    .values({
      company_id: company.id,
      site_id: site.id,
      endpoint_type_id: 1,
      name: 'Mobile',
      identifier: `0770090${code.padStart(4, '0')}`,
      supplier_id: 33,
      product: 'Business 30GB 5G',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const broadband = await db
    .insertInto('endpoints')
    .values({
      company_id: company.id,
      site_id: site.id,
      endpoint_type_id: 3,
      name: 'Broadband',
      identifier: `BBTEST${code.padStart(6, '0')}`,
      carrier_id: 494,
      product_line_id: 9,
      product: 'Fibre 80',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { companyId: company.id, siteId: site.id, mobileId: mobile.id, broadbandId: broadband.id };
}

export async function usageMonthOf(db: Kysely<Database>, endpointId: number, month: string): Promise<Totals> {
  const row = await db
    .selectFrom('usage_monthly')
    .select(['cost', 'duration', 'calls', 'bytes'])
    .where('endpoint_id', '=', endpointId)
    .where('month', '=', month)
    .executeTakeFirst();
  return row ?? { cost: 0, duration: 0, calls: 0, bytes: 0 };
}

/** One month of an owner's rollup (company, site or team), zero when it has no row. */
async function rollupMonthOf(
  db: Kysely<Database>,
  rollup: 'company_usage_monthly' | 'site_usage_monthly' | 'team_usage_monthly',
  owner: { column: 'company_id' | 'site_id' | 'team_id'; id: number },
  endpointTypeId: number,
  month: string,
): Promise<Totals> {
  const row = await db
    .selectFrom(rollup)
    .select(['cost', 'duration', 'calls', 'bytes'])
    .where(sql.ref(owner.column), '=', owner.id)
    .where('endpoint_type_id', '=', endpointTypeId)
    .where('month', '=', month)
    .executeTakeFirst();
  return row ?? { cost: 0, duration: 0, calls: 0, bytes: 0 };
}

export const companyUsageMonthOf = (db: Kysely<Database>, companyId: number, endpointTypeId: number, month: string) =>
  rollupMonthOf(db, 'company_usage_monthly', { column: 'company_id', id: companyId }, endpointTypeId, month);

/**
 * Keys where a rollup (by company or by site) and the sum of its endpoints' months disagree; none when the
 * triggers are right.
 */
export async function rollupDisagreements(db: Kysely<Database>) {
  const disagreements = [];
  // Each rollup's owner of a line's months: its company, its site, or each of its teams.
  for (const [table, owner, ownerOfLine, joinOwners] of [
    ['company_usage_monthly', 'company_id', sql`e.company_id`, sql``],
    ['site_usage_monthly', 'site_id', sql`e.site_id`, sql``],
    ['team_usage_monthly', 'team_id', sql`te.team_id`, sql`JOIN team_endpoints te ON te.endpoint_id = e.id`],
  ] as const) {
    const { rows } = await sql<{ owner: number; endpoint_type_id: number; month: string }>`
      WITH expected AS (
        SELECT ${ownerOfLine} AS owner, e.endpoint_type_id, u.month,
               sum(u.cost) AS cost, sum(u.duration) AS duration, sum(u.calls) AS calls, sum(u.bytes) AS bytes
        FROM usage_monthly u JOIN endpoints e ON e.id = u.endpoint_id ${joinOwners}
        WHERE ${ownerOfLine} IS NOT NULL
        GROUP BY 1, 2, 3
      )
      SELECT ${table} AS rollup, coalesce(x.owner, r.${sql.ref(owner)}) AS owner,
             coalesce(x.endpoint_type_id, r.endpoint_type_id) AS endpoint_type_id, coalesce(x.month, r.month) AS month
      FROM expected x FULL JOIN ${sql.table(table)} r
        ON r.${sql.ref(owner)} = x.owner AND r.endpoint_type_id = x.endpoint_type_id AND r.month = x.month
      WHERE (coalesce(x.cost, 0), coalesce(x.duration, 0), coalesce(x.calls, 0), coalesce(x.bytes, 0))
        IS DISTINCT FROM (coalesce(r.cost, 0), coalesce(r.duration, 0), coalesce(r.calls, 0), coalesce(r.bytes, 0))`.execute(
      db,
    );
    disagreements.push(...rows);
  }
  // unbilled_calls (migration 0017): per line, its voice records no invoice holds.
  const { rows } = await sql<{ owner: number }>`
    WITH expected AS (
      SELECT endpoint_id, count(*) AS calls FROM call_detail_records
      WHERE invoice_id IS NULL AND record_type = 'voice' GROUP BY 1
    )
    SELECT 'unbilled_calls' AS rollup, coalesce(x.endpoint_id, r.endpoint_id) AS owner
    FROM expected x FULL JOIN unbilled_calls r ON r.endpoint_id = x.endpoint_id
    WHERE coalesce(x.calls, 0) <> coalesce(r.calls, 0)`.execute(db);
  disagreements.push(...rows);
  // usage_daily (migration 0031): per line and London day, for the days of its window.
  const { rows: days } = await sql<{ owner: number; day: string }>`
    WITH expected AS (
      SELECT endpoint_id, (started_at AT TIME ZONE 'Europe/London')::date AS day, sum(cost) AS cost,
             sum(CASE WHEN destination ILIKE '%roaming%' THEN cost ELSE 0 END) AS roaming_cost, sum(duration) AS duration,
             count(*) FILTER (WHERE record_type = 'voice') AS calls, sum(bytes) AS bytes
      FROM call_detail_records GROUP BY 1, 2
    )
    SELECT 'usage_daily' AS rollup, coalesce(x.endpoint_id, r.endpoint_id) AS owner, coalesce(x.day, r.day) AS day
    FROM (SELECT * FROM expected WHERE day >= ${sql.raw(USAGE_DAILY_WINDOW_START)}) x
      FULL JOIN usage_daily r ON r.endpoint_id = x.endpoint_id AND r.day = x.day
    WHERE (coalesce(x.cost, 0), coalesce(x.roaming_cost, 0), coalesce(x.duration, 0), coalesce(x.calls, 0),
           coalesce(x.bytes, 0))
      IS DISTINCT FROM (coalesce(r.cost, 0), coalesce(r.roaming_cost, 0), coalesce(r.duration, 0), coalesce(r.calls, 0),
           coalesce(r.bytes, 0))`.execute(db);
  disagreements.push(...days);
  return disagreements;
}

export const teamUsageMonthOf = (db: Kysely<Database>, teamId: number, endpointTypeId: number, month: string) =>
  rollupMonthOf(db, 'team_usage_monthly', { column: 'team_id', id: teamId }, endpointTypeId, month);

export const siteUsageMonthOf = (db: Kysely<Database>, siteId: number, endpointTypeId: number, month: string) =>
  rollupMonthOf(db, 'site_usage_monthly', { column: 'site_id', id: siteId }, endpointTypeId, month);
