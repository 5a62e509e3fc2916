import { COMPANY_FILTER_HEADER, type SpendForecast, SpendForecastSchema } from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedIn, signIn, useDemoApp } from '../support/test-app.js';
import { insertRecords } from './usage-fixtures.js';

// "Spend this month" (docs/decisions/0215) through HTTP, each figure held against a recount from the call-detail
// records themselves, with the run rate's arithmetic done here afresh.

const context = useDemoApp();
const db = () => context.database.db;

const sessions = new Map<string, SignedIn>();
async function headersOf(userName: string, company?: number) {
  let session = sessions.get(userName);
  if (!session) {
    session = await signIn(context.app, userName);
    sessions.set(userName, session);
  }
  return {
    ...bearer(session.accessToken),
    'dash-authorization': `Bearer ${session.dashToken}`,
    ...(company === undefined ? {} : { [COMPANY_FILTER_HEADER]: String(company) }),
  };
}

async function get(userName: string, url: string, company?: number) {
  return context.app.inject({ method: 'GET', url, headers: await headersOf(userName, company) });
}

async function forecastOf(userName: string, url: string, company?: number): Promise<SpendForecast> {
  const response = await get(userName, url, company);
  expect(response.statusCode, `${userName} GET ${url}: ${response.body}`).toBe(200);
  return SpendForecastSchema.parse(response.json());
}

type Recount = {
  companyId: number;
  monthToDate: number;
  records: number;
  rateCost: number;
  firstDay: string | null;
  today: string;
  rateFirst: string;
  daysLeft: number;
};

/** The figures of these lines counted from call_detail_records, per company, by the London calendar. */
async function recount(endpointIds: readonly number[]): Promise<Recount[]> {
  const { rows } = await sql<Recount>`
    WITH d AS (SELECT (now() AT TIME ZONE 'Europe/London')::date AS today),
    r AS (
      SELECT e.company_id, c.cost, (c.started_at AT TIME ZONE 'Europe/London')::date AS day
      FROM call_detail_records c JOIN endpoints e ON e.id = c.endpoint_id
      WHERE c.endpoint_id = ANY(${endpointIds}::int[])
    )
    SELECT r.company_id AS "companyId",
      coalesce(sum(r.cost) FILTER (WHERE r.day >= date_trunc('month', d.today)::date AND r.day <= d.today), 0)
        AS "monthToDate",
      count(*) FILTER (WHERE r.day >= date_trunc('month', d.today)::date AND r.day <= d.today)::int AS records,
      coalesce(sum(r.cost) FILTER (WHERE r.day >= d.today - 7 AND r.day < d.today), 0) AS "rateCost",
      to_char(min(r.day) FILTER (WHERE r.day >= (date_trunc('month', d.today) - interval '1 month')::date
                                   AND r.day <= d.today), 'YYYY-MM-DD') AS "firstDay",
      to_char(d.today, 'YYYY-MM-DD') AS today,
      to_char(d.today - 7, 'YYYY-MM-DD') AS "rateFirst",
      ((date_trunc('month', d.today) + interval '1 month')::date - 1 - d.today)::int AS "daysLeft"
    FROM r, d
    GROUP BY r.company_id, d.today`.execute(db());
  return rows.map((r) => ({ ...r, monthToDate: Number(r.monthToDate), rateCost: Number(r.rateCost) }));
}

const pence = (pounds: number) => Math.round(pounds * 100) / 100;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** What one company's entry must say, from its recount. */
function expected(count: Recount) {
  const rateDays =
    count.firstDay === null
      ? 0
      : dayNumber(count.today) - Math.max(dayNumber(count.firstDay), dayNumber(count.rateFirst));
  const dailyRate = rateDays > 0 ? pence(count.rateCost / rateDays) : null;
  const monthToDate = pence(count.monthToDate);
  const hasUsage = count.records > 0;
  return {
    hasUsage,
    monthToDate,
    rateDays,
    dailyRate,
    daysLeft: count.daysLeft,
    forecast: hasUsage ? pence(monthToDate + (dailyRate ?? 0) * count.daysLeft) : null,
  };
}

function expectMatches(answer: SpendForecast, counts: Recount[], companyId: number) {
  const entry = answer.companies.find((c) => c.companyId === companyId);
  const count = counts.find((c) => c.companyId === companyId);
  expect(entry, `company ${companyId}`).toBeDefined();
  expect(count, `recount of company ${companyId}`).toBeDefined();
  expect(entry).toMatchObject(expected(count!));
  return entry!;
}

async function idOf(table: 'companies' | 'users', column: 'name' | 'user_name', value: string) {
  return (
    await db()
      .selectFrom(table as 'companies')
      .select('id')
      .where(column as 'name', '=', value)
      .executeTakeFirstOrThrow()
  ).id;
}

async function lineIds(where: { companyId?: number; siteId?: number; teamId?: number; mobileOnly?: boolean }) {
  let query = db().selectFrom('endpoints').select('endpoints.id');
  if (where.companyId !== undefined) query = query.where('endpoints.company_id', '=', where.companyId);
  if (where.siteId !== undefined) query = query.where('endpoints.site_id', '=', where.siteId);
  if (where.teamId !== undefined) {
    query = query.where(
      'endpoints.id',
      'in',
      db().selectFrom('team_endpoints').select('endpoint_id').where('team_id', '=', where.teamId),
    );
  }
  if (where.mobileOnly) query = query.where('endpoints.endpoint_type_id', '=', 1);
  return (await query.execute()).map((r) => r.id);
}

/** A moment `daysAgo` London days before today, at noon London (or now, for today), as ISO text. */
async function momentDaysAgo(daysAgo: number): Promise<string> {
  const { rows } = await sql<{ at: string }>`
    SELECT to_char(CASE WHEN ${daysAgo}::int = 0 THEN now()
                   ELSE ((now() AT TIME ZONE 'Europe/London')::date - ${daysAgo}::int + time '12:00')
                        AT TIME ZONE 'Europe/London' END AT TIME ZONE 'UTC',
                   'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at`.execute(db());
  return rows[0]!.at;
}

const ids = {
  acme: 0,
  globex: 0,
  acmeSite: 0,
  acmeMobile: 0,
  managedSite: 0,
  unmanagedSite: 0,
  team: 0,
  globexMobile: 0,
  globexSite: 0,
  globexTeam: 0,
  /** A line of Acme's added here, whose usage starts two days ago. */
  newLine: 0,
  /** A line of Acme's added here without any usage. */
  idleLine: 0,
};

async function insertAcmeLine(suffix: string) {
  return (
    await db()
      .insertInto('endpoints')
      .values({
        company_id: ids.acme,
        site_id: ids.acmeSite,
        endpoint_type_id: 1,
        name: `Forecast ${suffix}`,
        identifier: `0770095${suffix}`,
        supplier_id: 33,
        product: 'Business 30GB 5G',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

beforeAll(async () => {
  ids.acme = await idOf('companies', 'name', 'Acme Logistics Ltd');
  ids.globex = await idOf('companies', 'name', 'Globex Engineering Ltd');
  const sitemanager = await idOf('users', 'user_name', 'acme.sitemanager');
  const managed = await db().selectFrom('user_sites').select('site_id').where('user_id', '=', sitemanager).execute();
  ids.managedSite = managed[0]!.site_id;
  ids.unmanagedSite = (
    await db()
      .selectFrom('sites')
      .select('id')
      .where('company_id', '=', ids.acme)
      .where(
        'id',
        'not in',
        managed.map((m) => m.site_id),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.acmeSite = ids.managedSite;
  ids.acmeMobile = (await lineIds({ siteId: ids.managedSite, mobileOnly: true }))[0]!;
  const teamlead = await idOf('users', 'user_name', 'acme.teamlead');
  ids.team = (
    await db().selectFrom('user_teams').select('team_id').where('user_id', '=', teamlead).executeTakeFirstOrThrow()
  ).team_id;
  ids.globexMobile = (await lineIds({ companyId: ids.globex, mobileOnly: true }))[0]!;
  ids.globexSite = (
    await db().selectFrom('sites').select('id').where('company_id', '=', ids.globex).executeTakeFirstOrThrow()
  ).id;
  ids.globexTeam = (
    await db().selectFrom('teams').select('id').where('company_id', '=', ids.globex).executeTakeFirstOrThrow()
  ).id;
  ids.newLine = await insertAcmeLine('0001');
  ids.idleLine = await insertAcmeLine('0002');
  // Records today and on recent days, so the figures move by what the test itself put in.
  await insertRecords(db(), [
    {
      endpoint_id: ids.acmeMobile,
      started_at: await momentDaysAgo(0),
      record_type: 'voice',
      duration: 120,
      bytes: 0,
      cost: 1.37,
    },
    {
      endpoint_id: ids.acmeMobile,
      started_at: await momentDaysAgo(1),
      record_type: 'data',
      duration: 0,
      bytes: 5_000_000,
      cost: 4.2,
    },
    {
      endpoint_id: ids.acmeMobile,
      started_at: await momentDaysAgo(6),
      record_type: 'voice',
      duration: 60,
      bytes: 0,
      cost: 2.05,
    },
    {
      endpoint_id: ids.newLine,
      started_at: await momentDaysAgo(2),
      record_type: 'voice',
      duration: 60,
      bytes: 0,
      cost: 3,
    },
    {
      endpoint_id: ids.newLine,
      started_at: await momentDaysAgo(1),
      record_type: 'voice',
      duration: 60,
      bytes: 0,
      cost: 1.5,
    },
    {
      endpoint_id: ids.newLine,
      started_at: await momentDaysAgo(0),
      record_type: 'voice',
      duration: 60,
      bytes: 0,
      cost: 0.4,
    },
  ]);
});

describe('spend forecast: the figures', () => {
  it("gives the estate's month to date and forecast as the records recount them, for Acme's whole estate", async () => {
    const answer = await forecastOf('acme.admin', '/api/users/spendForecast');
    const counts = await recount(await lineIds({ companyId: ids.acme }));
    expect(answer.companies.map((c) => c.companyName)).toEqual(['Acme Logistics Ltd']);
    const acme = expectMatches(answer, counts, ids.acme);
    expect(acme.covers).toBe('whole');
    expect(acme.rateDays).toBe(7);
    expect(acme.method).toContain('the daily average of the last 7 days (£');
    expect(answer).toMatchObject({ currency: 'GBP', includesVat: false, figuresTo: counts[0]!.today });
    // The London calendar month, billed on the 5th of the next.
    expect(answer.periodStart).toBe(`${counts[0]!.today.slice(0, 7)}-01`);
    expect(dayNumber(answer.periodEnd) - dayNumber(counts[0]!.today)).toBe(acme.daysLeft);
    expect(dayNumber(answer.billDate) - dayNumber(answer.periodEnd)).toBe(5);
    expect(answer.billDate.slice(8)).toBe('05');
  });

  it("moves by exactly what is added today, and by a seventh of it on the run rate for yesterday's", async () => {
    const before = (await forecastOf('acme.admin', `/api/endpoints/${ids.acmeMobile}/spendForecast`)).companies[0]!;
    await insertRecords(db(), [
      {
        endpoint_id: ids.acmeMobile,
        started_at: await momentDaysAgo(0),
        record_type: 'sms',
        duration: 0,
        bytes: 0,
        cost: 10,
      },
      {
        endpoint_id: ids.acmeMobile,
        started_at: await momentDaysAgo(1),
        record_type: 'sms',
        duration: 0,
        bytes: 0,
        cost: 7,
      },
    ]);
    const answer = await forecastOf('acme.admin', `/api/endpoints/${ids.acmeMobile}/spendForecast`);
    const after = expectMatches(answer, await recount([ids.acmeMobile]), ids.acme);
    expect(after.rateDays).toBe(7);
    // Each rate is rounded to the penny on its own, so the difference is 1 to within a penny.
    expect(Math.abs(after.dailyRate! - before.dailyRate! - 1)).toBeLessThanOrEqual(0.011);
    const yesterdayInMonth = dayNumber(answer.figuresTo) - dayNumber(answer.periodStart) >= 1;
    expect(Math.abs(after.monthToDate - before.monthToDate - (yesterdayInMonth ? 17 : 10))).toBeLessThanOrEqual(0.011);
  });

  it('averages only the days of history there are when a line has fewer than 7, and says so', async () => {
    const answer = await forecastOf('acme.admin', `/api/endpoints/${ids.newLine}/spendForecast`);
    const entry = expectMatches(answer, await recount([ids.newLine]), ids.acme);
    // Two complete days (the day before yesterday and yesterday): (3 + 1.5) / 2.
    expect(entry).toMatchObject({ rateDays: 2, dailyRate: 2.25, hasUsage: true });
    expect(entry.method).toContain('the 2 days of usage so far (fewer than 7 days of history) (£2.25)');
    expect(entry.method).toContain(`times the ${entry.daysLeft === 1 ? '1 day' : `${entry.daysLeft} days`} left`);
  });

  it('answers no usage and no forecast for a line without usage this month', async () => {
    const answer = await forecastOf('acme.admin', `/api/endpoints/${ids.idleLine}/spendForecast`);
    expect(answer.companies).toEqual([
      expect.objectContaining({
        companyName: 'Acme Logistics Ltd',
        hasUsage: false,
        monthToDate: 0,
        forecast: null,
        rateDays: 0,
        dailyRate: null,
        method: 'No usage this month yet, so there is nothing to forecast.',
      }),
    ]);
  });

  it("never counts another company's records", async () => {
    const before = await forecastOf('acme.admin', '/api/users/spendForecast');
    await insertRecords(db(), [
      {
        endpoint_id: ids.globexMobile,
        started_at: await momentDaysAgo(0),
        record_type: 'sms',
        duration: 0,
        bytes: 0,
        cost: 500,
      },
      {
        endpoint_id: ids.globexMobile,
        started_at: await momentDaysAgo(2),
        record_type: 'sms',
        duration: 0,
        bytes: 0,
        cost: 700,
      },
    ]);
    const after = await forecastOf('acme.admin', '/api/users/spendForecast');
    expect(after.companies).toEqual(before.companies);
    const globex = await forecastOf('globex.admin', '/api/users/spendForecast');
    expectMatches(globex, await recount(await lineIds({ companyId: ids.globex })), ids.globex);
  });

  it("gives a site's and a team's mobile lines, as their usage charts count them", async () => {
    const site = await forecastOf('acme.admin', `/api/sites/${ids.managedSite}/spendForecast`);
    expectMatches(site, await recount(await lineIds({ siteId: ids.managedSite, mobileOnly: true })), ids.acme);
    const team = await forecastOf('acme.teamlead', `/api/teams/${ids.team}/spendForecast`);
    const entry = expectMatches(team, await recount(await lineIds({ teamId: ids.team, mobileOnly: true })), ids.acme);
    expect(entry.covers).toBe('whole');
  });

  it("gives a user of several companies each company's own figure, the same as with that company chosen", async () => {
    const all = await forecastOf('multi.admin', '/api/users/spendForecast');
    expect(all.companies.map((c) => c.companyName)).toEqual(['Initech Field Services Ltd', 'Initech Holdings Ltd']);
    for (const company of all.companies) {
      const one = await forecastOf('multi.admin', '/api/users/spendForecast', company.companyId);
      expect(one.companies).toEqual([company]);
      expectMatches(one, await recount(await lineIds({ companyId: company.companyId })), company.companyId);
    }
  });
});

describe('spend forecast: whose', () => {
  it("gives a site-level user their own site, and answers 404 for Acme's other sites and their lines", async () => {
    const site = await forecastOf('acme.sitemanager', `/api/sites/${ids.managedSite}/spendForecast`);
    const entry = expectMatches(
      site,
      await recount(await lineIds({ siteId: ids.managedSite, mobileOnly: true })),
      ids.acme,
    );
    expect(entry.covers).toBe('whole');
    expect((await get('acme.sitemanager', `/api/sites/${ids.unmanagedSite}/spendForecast`)).statusCode).toBe(404);
    const otherLine = (await lineIds({ siteId: ids.unmanagedSite }))[0]!;
    expect((await get('acme.sitemanager', `/api/endpoints/${otherLine}/spendForecast`)).statusCode).toBe(404);
  });

  it("answers 404 for another company's device, site and team, and for ids that do not exist", async () => {
    for (const url of [
      `/api/endpoints/${ids.globexMobile}/spendForecast`,
      `/api/sites/${ids.globexSite}/spendForecast`,
      `/api/teams/${ids.globexTeam}/spendForecast`,
      '/api/endpoints/99999999/spendForecast',
      '/api/sites/99999999/spendForecast',
      '/api/teams/99999999/spendForecast',
    ]) {
      const response = await get('acme.admin', url);
      expect(response.statusCode, url).toBe(404);
    }
  });

  it("answers 403 to whoever may not read the page's cost chart", async () => {
    // acme.teamlead has no bills; acme.finance no estate.
    expect((await get('acme.teamlead', '/api/users/spendForecast')).statusCode).toBe(403);
    expect((await get('acme.finance', `/api/sites/${ids.managedSite}/spendForecast`)).statusCode).toBe(403);
    expect((await get('acme.finance', '/api/users/spendForecast')).statusCode).toBe(200);
  });
});
