import { LINE_USAGE_SERIES, odataList, USAGE_SERIES, type UsageSeries, UsageSeriesSchema } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ukDay } from '../../src/modules/usage/usage-calendar.js';
import { bearer, changesHeard, type SignedIn, signIn, useDemoApp } from '../support/test-app.js';
import { type CallRecord, insertRecords, type Totals, totalsOf } from './usage-fixtures.js';

const context = useDemoApp();
const db = () => context.database.db;
const Reply = odataList(UsageSeriesSchema);

const sessions = new Map<string, SignedIn>();
async function sessionOf(userName: string) {
  let session = sessions.get(userName);
  if (!session) {
    session = await signIn(context.app, userName);
    sessions.set(userName, session);
  }
  return session;
}

function withDash(session: SignedIn) {
  return { ...bearer(session.accessToken), 'dash-authorization': `Bearer ${session.dashToken}` };
}

async function usage(userName: string, url: string) {
  return context.app.inject({ method: 'GET', url, headers: withDash(await sessionOf(userName)) });
}

async function seriesOf(userName: string, url: string): Promise<UsageSeries[]> {
  const response = await usage(userName, url);
  expect(response.statusCode, `${userName} GET ${url}: ${response.body}`).toBe(200);
  return Reply.parse(response.json()).value;
}

/** The figures of one period (month or day) of a usage reply. */
function periodOf(series: UsageSeries[], period: string): Totals {
  const value = (name: string) => series.find((s) => s.name === name)?.series.find((p) => p.name === period)?.value;
  return {
    cost: value(USAGE_SERIES.cost) ?? Number.NaN,
    duration: value(USAGE_SERIES.duration) ?? Number.NaN,
    calls: value(USAGE_SERIES.calls) ?? Number.NaN,
    bytes: value(USAGE_SERIES.data) ?? Number.NaN,
  };
}

function difference(after: Totals, before: Totals): Totals {
  return {
    cost: after.cost - before.cost,
    duration: after.duration - before.duration,
    calls: after.calls - before.calls,
    bytes: after.bytes - before.bytes,
  };
}

function expectTotals(actual: Totals, expected: Totals, label?: string) {
  expect(actual.cost, label).toBeCloseTo(expected.cost, 4);
  expect({ ...actual, cost: 0 }, label).toEqual({ ...expected, cost: 0 });
}

async function userId(userName: string) {
  return (await db().selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
}

async function companyId(name: string) {
  return (await db().selectFrom('companies').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** Ids the tests ask about, read from the small demo data. */
const ids = {
  acmeMobile: 0,
  acmeBroadband: 0,
  /** A mobile device of acme.teamlead's team, with its site. */
  teamMobile: 0,
  teamMobileSite: 0,
  team: 0,
  managedSite: 0,
  unmanagedAcmeSite: 0,
  globexMobile: 0,
  globexBroadband: 0,
  globexSite: 0,
  globexTeam: 0,
};

beforeAll(async () => {
  const endpointOf = async (userName: string) =>
    (
      await db()
        .selectFrom('user_endpoints')
        .select('endpoint_id')
        .where('user_id', '=', await userId(userName))
        .executeTakeFirstOrThrow()
    ).endpoint_id;
  ids.acmeMobile = await endpointOf('acme.mobile');
  ids.acmeBroadband = await endpointOf('acme.broadband');
  ids.team = (
    await db()
      .selectFrom('user_teams')
      .select('team_id')
      .where('user_id', '=', await userId('acme.teamlead'))
      .executeTakeFirstOrThrow()
  ).team_id;
  const teamMobile = await db()
    .selectFrom('team_endpoints')
    .innerJoin('endpoints', 'endpoints.id', 'team_endpoints.endpoint_id')
    .select(['endpoints.id', 'endpoints.site_id'])
    .where('team_endpoints.team_id', '=', ids.team)
    .where('endpoints.endpoint_type_id', '=', 1)
    .where('endpoints.site_id', 'is not', null)
    .orderBy('endpoints.id')
    .executeTakeFirstOrThrow();
  ids.teamMobile = teamMobile.id;
  ids.teamMobileSite = teamMobile.site_id!;
  const managed = await db()
    .selectFrom('user_sites')
    .select('site_id')
    .where('user_id', '=', await userId('acme.sitemanager'))
    .orderBy('site_id')
    .execute();
  ids.managedSite = managed[0]!.site_id;
  const acme = await companyId('Acme Logistics Ltd');
  ids.unmanagedAcmeSite = (
    await db()
      .selectFrom('sites')
      .select('id')
      .where('company_id', '=', acme)
      .where(
        'id',
        'not in',
        managed.map((m) => m.site_id),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const globex = await companyId('Globex Engineering Ltd');
  const globexLine = async (type: number) =>
    (
      await db()
        .selectFrom('endpoints')
        .select('id')
        .where('company_id', '=', globex)
        .where('endpoint_type_id', '=', type)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  ids.globexMobile = await globexLine(1);
  ids.globexBroadband = await globexLine(3);
  ids.globexSite = (
    await db().selectFrom('sites').select('id').where('company_id', '=', globex).executeTakeFirstOrThrow()
  ).id;
  ids.globexTeam = (
    await db().selectFrom('teams').select('id').where('company_id', '=', globex).executeTakeFirstOrThrow()
  ).id;
});

/** Every usage route, with Acme ids (what acme.admin may see) and, where the route takes an id, Globex ones. */
const routes = () => [
  ...['monthlyUsage', 'uninvoicedUsage'].flatMap((chart) => [
    { url: `/api/endpoints/${ids.acmeMobile}/${chart}`, other: `/api/endpoints/${ids.globexMobile}/${chart}` },
    { url: `/api/sites/${ids.managedSite}/${chart}`, other: `/api/sites/${ids.globexSite}/${chart}` },
    { url: `/api/teams/${ids.team}/${chart}`, other: `/api/teams/${ids.globexTeam}/${chart}` },
  ]),
  {
    url: `/api/endpoints/${ids.acmeBroadband}/broadbandUsage`,
    other: `/api/endpoints/${ids.globexBroadband}/broadbandUsage`,
  },
  {
    url: `/api/endpoints/${ids.acmeBroadband}/lineUsage`,
    other: `/api/endpoints/${ids.globexBroadband}/lineUsage`,
  },
  { url: '/api/users/monthlyUsage', other: undefined },
];

describe('usage routes: who may ask', () => {
  it('answer 401 without a token, and 401 with the main token but no dash token or one of another session', async () => {
    const admin = await sessionOf('acme.admin');
    const otherSession = await signIn(context.app, 'acme.admin');
    for (const { url } of routes()) {
      expect((await context.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      const mainOnly = await context.app.inject({ method: 'GET', url, headers: bearer(admin.accessToken) });
      expect(mainOnly.statusCode, url).toBe(401);
      expect(mainOnly.json()).toMatchObject({ statusCode: 401, message: 'Missing Dash-Authorization bearer token' });
      const crossed = await context.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(admin.accessToken), 'dash-authorization': `Bearer ${otherSession.dashToken}` },
      });
      expect(crossed.statusCode, url).toBe(401);
      expect((await usage('acme.admin', url)).statusCode, url).toBe(200);
    }
  });

  it('answer 403 to a user with no estate functionality (acme.finance)', async () => {
    for (const { url } of routes()) {
      const response = await usage('acme.finance', url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ code: 'missing_functionality' });
    }
  });

  it("answer 404 for another company's device, site or team, and for ids that do not exist", async () => {
    for (const { url, other } of routes()) {
      if (!other) continue;
      const refused = await usage('globex.admin', url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
      expect((await usage('globex.admin', other)).statusCode, other).toBe(200);
      expect((await usage('acme.admin', other)).statusCode, other).toBe(404);
      expect((await usage('acme.admin', url.replace(/\/\d+\//, '/99999999/'))).statusCode, url).toBe(404);
    }
    expect((await usage('acme.admin', '/api/sites/abc/monthlyUsage')).statusCode).toBe(400);
  });

  it('keep a site-level user to their own sites', async () => {
    expect((await usage('acme.sitemanager', `/api/sites/${ids.managedSite}/monthlyUsage`)).statusCode).toBe(200);
    expect((await usage('acme.sitemanager', `/api/sites/${ids.unmanagedAcmeSite}/monthlyUsage`)).statusCode).toBe(404);
    expect((await usage('acme.sitemanager', `/api/sites/${ids.unmanagedAcmeSite}/uninvoicedUsage`)).statusCode).toBe(
      404,
    );
    // Every device of a site they manage is theirs: they see what the company's administrator sees there.
    expect(await seriesOf('acme.sitemanager', `/api/sites/${ids.managedSite}/monthlyUsage`)).toEqual(
      await seriesOf('acme.admin', `/api/sites/${ids.managedSite}/monthlyUsage`),
    );
    // The team and user charts are not theirs: no team or user mobile estate.
    expect((await usage('acme.sitemanager', `/api/teams/${ids.team}/monthlyUsage`)).statusCode).toBe(403);
    expect((await usage('acme.sitemanager', '/api/users/monthlyUsage')).statusCode).toBe(403);
  });

  it('keep an EndPoint-level user to their own line', async () => {
    expect((await usage('acme.mobile', `/api/endpoints/${ids.acmeMobile}/monthlyUsage`)).statusCode).toBe(200);
    expect((await usage('acme.mobile', `/api/endpoints/${ids.teamMobile}/monthlyUsage`)).statusCode).toBe(404);
  });
});

describe('monthly usage', () => {
  it('has Cost (second axis), Duration, Calls and Data for each of the last 12 months, this one last', async () => {
    const series = await seriesOf('acme.admin', '/api/users/monthlyUsage');
    expect(series.map((s) => [s.name, s.secondAxis ?? false])).toEqual([
      ['Cost', true],
      ['Duration', false],
      ['Calls', false],
      ['Data', false],
    ]);
    const today = ukDay(new Date());
    const expectedMonths = Array.from({ length: 12 }, (_, i) => {
      const date = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 12 + i, 1));
      return date.toISOString().slice(0, 10);
    });
    for (const s of series) expect(s.series.map((p) => p.name)).toEqual(expectedMonths);
    for (const url of routes()
      .map((r) => r.url)
      .filter((u) => u.endsWith('/monthlyUsage'))) {
      for (const s of await seriesOf('acme.admin', url)) expect(s.series.map((p) => p.name)).toEqual(expectedMonths);
    }
  });

  it("adds newly recorded usage to the device's, its site's, its team's and the estate's month, exactly", async () => {
    const device = `/api/endpoints/${ids.teamMobile}/monthlyUsage`;
    const views = [
      ['acme.admin', device],
      ['acme.teamlead', device],
      ['acme.admin', `/api/sites/${ids.teamMobileSite}/monthlyUsage`],
      ['acme.admin', `/api/teams/${ids.team}/monthlyUsage`],
      ['acme.teamlead', `/api/teams/${ids.team}/monthlyUsage`],
      ['acme.admin', '/api/users/monthlyUsage'],
    ] as const;
    const before = await Promise.all(views.map(([user, url]) => seriesOf(user, url)));
    const months = before[0]![0]!.series.map((p) => p.name);
    const current = months.at(-1)!;
    const earlier = months.at(-4)!;
    const at = (month: string, day: number, hour: number) =>
      `${month.slice(0, 8)}${String(day).padStart(2, '0')}T${hour}:15:00Z`;
    const inCurrent: CallRecord[] = [
      {
        endpoint_id: ids.teamMobile,
        started_at: at(current, 1, 9),
        record_type: 'voice',
        duration: 431,
        bytes: 0,
        cost: 1.2345,
      },
      {
        endpoint_id: ids.teamMobile,
        started_at: at(current, 1, 10),
        record_type: 'data',
        duration: 900,
        bytes: 73_400_320,
        cost: 0.73,
      },
      {
        endpoint_id: ids.teamMobile,
        started_at: at(current, 1, 11),
        record_type: 'sms',
        duration: 0,
        bytes: 0,
        cost: 0.12,
      },
    ];
    const inEarlier: CallRecord[] = [
      {
        endpoint_id: ids.teamMobile,
        started_at: at(earlier, 14, 12),
        record_type: 'voice',
        duration: 61,
        bytes: 0,
        cost: 0.09,
      },
    ];
    await insertRecords(db(), [...inCurrent, ...inEarlier]);

    const after = await Promise.all(views.map(([user, url]) => seriesOf(user, url)));
    views.forEach(([user, url], i) => {
      const label = `${user} ${url}`;
      expectTotals(difference(periodOf(after[i]!, current), periodOf(before[i]!, current)), totalsOf(inCurrent), label);
      expectTotals(difference(periodOf(after[i]!, earlier), periodOf(before[i]!, earlier)), totalsOf(inEarlier), label);
    });
  });

  it('charts mobile usage only for sites, teams and the estate', async () => {
    const broadband = await db()
      .selectFrom('endpoints')
      .select(['id', 'site_id'])
      .where('id', '=', ids.acmeBroadband)
      .executeTakeFirstOrThrow();
    const views = [`/api/sites/${broadband.site_id}/monthlyUsage`, '/api/users/monthlyUsage'];
    const before = await Promise.all(views.map((url) => seriesOf('acme.admin', url)));
    const month = before[0]![0]!.series.at(-1)!.name;
    await insertRecords(db(), [
      {
        endpoint_id: broadband.id,
        started_at: `${month.slice(0, 8)}01T08:00:00Z`,
        record_type: 'data',
        duration: 3600,
        bytes: 5_000_000_000,
        cost: 0,
      },
    ]);
    expect(await Promise.all(views.map((url) => seriesOf('acme.admin', url)))).toEqual(before);
  });
});

describe('uninvoiced usage', () => {
  it("is per day from the day after the company's last billed period to today, and counts only unbilled records", async () => {
    const siteOfMobile = (
      await db().selectFrom('endpoints').select('site_id').where('id', '=', ids.acmeMobile).executeTakeFirstOrThrow()
    ).site_id;
    const views = [
      ['acme.mobile', `/api/endpoints/${ids.acmeMobile}/uninvoicedUsage`],
      ['acme.admin', `/api/sites/${siteOfMobile}/uninvoicedUsage`],
    ] as const;
    const before = await Promise.all(views.map(([user, url]) => seriesOf(user, url)));

    const acme = await companyId('Acme Logistics Ltd');
    const latest = await db()
      .selectFrom('invoices')
      .select(['id', 'period_end'])
      .where('company_id', '=', acme)
      .orderBy('period_end', 'desc')
      .executeTakeFirstOrThrow();
    const now = new Date();
    const days = before[0]![0]!.series.map((p) => p.name);
    const firstDay = new Date(`${latest.period_end}T00:00:00Z`);
    firstDay.setUTCDate(firstDay.getUTCDate() + 1);
    expect(days[0]).toBe(firstDay.toISOString().slice(0, 10));
    expect(days.at(-1)).toBe(ukDay(now));
    expect(new Set(days).size).toBe(days.length);
    for (const series of before) {
      expect(series.map((s) => s.name)).toEqual(['Cost', 'Duration', 'Calls', 'Data']);
      for (const s of series) expect(s.series.map((p) => p.name)).toEqual(days);
    }

    const moment = new Date(now.getTime() - 1000).toISOString();
    const unbilled: CallRecord[] = [
      { endpoint_id: ids.acmeMobile, started_at: moment, record_type: 'voice', duration: 245, bytes: 0, cost: 0.4321 },
      {
        endpoint_id: ids.acmeMobile,
        started_at: moment,
        record_type: 'data',
        duration: 120,
        bytes: 1_048_576,
        cost: 0,
      },
    ];
    // Already on a bill (a late record the billing run picked up): not billable usage any more.
    const billed: CallRecord[] = [
      {
        endpoint_id: ids.acmeMobile,
        started_at: moment,
        record_type: 'voice',
        duration: 999,
        bytes: 0,
        cost: 9,
        invoice_id: latest.id,
      },
    ];
    await insertRecords(db(), [...unbilled, ...billed]);
    const day = ukDay(new Date(moment));
    const after = await Promise.all(views.map(([user, url]) => seriesOf(user, url)));
    views.forEach(([user, url], i) => {
      expectTotals(
        difference(periodOf(after[i]!, day), periodOf(before[i]!, day)),
        totalsOf(unbilled),
        `${user} ${url}`,
      );
    });
  });

  it("adds a day's unbilled records to the site and team charts too", async () => {
    const views = [`/api/sites/${ids.teamMobileSite}/uninvoicedUsage`, `/api/teams/${ids.team}/uninvoicedUsage`];
    const before = await Promise.all(views.map((url) => seriesOf('acme.admin', url)));
    const moment = new Date(Date.now() - 1000).toISOString();
    const records: CallRecord[] = [
      { endpoint_id: ids.teamMobile, started_at: moment, record_type: 'voice', duration: 77, bytes: 0, cost: 0.21 },
    ];
    await insertRecords(db(), records);
    const day = ukDay(new Date(moment));
    const after = await Promise.all(views.map((url) => seriesOf('acme.admin', url)));
    for (let i = 0; i < views.length; i++) {
      expectTotals(difference(periodOf(after[i]!, day), periodOf(before[i]!, day)), totalsOf(records));
    }
  });
});

describe('broadband usage', () => {
  it("is a line's data volume per day over the last 30 days, from its data records only", async () => {
    const url = `/api/endpoints/${ids.acmeBroadband}/broadbandUsage`;
    const before = await seriesOf('acme.broadband', url);
    expect(before.map((s) => s.name)).toEqual(['Data']);
    const days = before[0]!.series.map((p) => p.name);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe(ukDay(new Date()));

    const moment = new Date(Date.now() - 1000).toISOString();
    await insertRecords(db(), [
      {
        endpoint_id: ids.acmeBroadband,
        started_at: moment,
        record_type: 'data',
        duration: 3600,
        bytes: 3_221_225_472,
        cost: 0,
      },
      { endpoint_id: ids.acmeBroadband, started_at: moment, record_type: 'voice', duration: 60, bytes: 0, cost: 0.1 },
    ]);
    const after = await seriesOf('acme.broadband', url);
    const day = ukDay(new Date(moment));
    const bytesOn = (series: UsageSeries[]) => series[0]!.series.find((p) => p.name === day)!.value;
    expect(bytesOn(after) - bytesOn(before)).toBe(3_221_225_472);
  });

  it('is only for broadband lines, and only those of the estate', async () => {
    const mobileAsBroadband = await usage('acme.admin', `/api/endpoints/${ids.acmeMobile}/broadbandUsage`);
    expect(mobileAsBroadband.statusCode).toBe(404);
    expect(mobileAsBroadband.json()).toMatchObject({ message: 'This endpoint is not a broadband line' });
    expect((await usage('acme.teamlead', `/api/endpoints/${ids.acmeBroadband}/broadbandUsage`)).statusCode).toBe(404);
  });
});

describe('line usage', () => {
  it("is a line's time online and number of data sessions per day over the last 30 days", async () => {
    const url = `/api/endpoints/${ids.acmeBroadband}/lineUsage`;
    const before = await seriesOf('acme.broadband', url);
    expect(before.map((s) => s.name)).toEqual([LINE_USAGE_SERIES.timeOnline, LINE_USAGE_SERIES.sessions]);
    const days = before[0]!.series.map((p) => p.name);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe(ukDay(new Date()));
    expect(before[1]!.series.map((p) => p.name)).toEqual(days);

    const moment = new Date(Date.now() - 1000).toISOString();
    await insertRecords(db(), [
      { endpoint_id: ids.acmeBroadband, started_at: moment, record_type: 'data', duration: 3600, bytes: 1, cost: 0 },
      { endpoint_id: ids.acmeBroadband, started_at: moment, record_type: 'data', duration: 125, bytes: 1, cost: 0 },
      // Not a session: a voice record of the line counts for neither series.
      { endpoint_id: ids.acmeBroadband, started_at: moment, record_type: 'voice', duration: 60, bytes: 0, cost: 0.1 },
    ]);
    const after = await seriesOf('acme.broadband', url);
    const day = ukDay(new Date(moment));
    const on = (series: UsageSeries[], index: number) => series[index]!.series.find((p) => p.name === day)!.value;
    expect(on(after, 0) - on(before, 0)).toBe(3725);
    expect(on(after, 1) - on(before, 1)).toBe(2);
  });

  it('is only for broadband lines of the estate, and checks its id', async () => {
    const mobile = await usage('acme.admin', `/api/endpoints/${ids.acmeMobile}/lineUsage`);
    expect(mobile.statusCode).toBe(404);
    expect(mobile.json()).toMatchObject({ message: 'This endpoint is not a broadband line' });
    expect((await usage('acme.teamlead', `/api/endpoints/${ids.acmeBroadband}/lineUsage`)).statusCode).toBe(404);
    const bad = await usage('acme.admin', '/api/endpoints/abc/lineUsage');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id');
  });
});

describe('a caller who sees a site through only some of its devices', () => {
  it('charts those devices only', async () => {
    // acme.teamlead sees the sites of their team's devices; given the site estate too, a site's chart holds only
    // the devices of their team, not its other ones.
    const teamlead = await userId('acme.teamlead');
    const siteEstate = await db()
      .selectFrom('functionality')
      .select('id')
      .where('code', '=', 'MobileSiteEstate')
      .where('access_type', '=', 'Read')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('user_functionality')
      .values({ user_id: teamlead, functionality_id: siteEstate.id })
      .execute();
    await changesHeard(context.app);
    const outsider = await db()
      .selectFrom('endpoints')
      .select('id')
      .where('site_id', '=', ids.teamMobileSite)
      .where('endpoint_type_id', '=', 1)
      .where('id', 'not in', db().selectFrom('team_endpoints').select('endpoint_id').where('team_id', '=', ids.team))
      .orderBy('id')
      .executeTakeFirstOrThrow();

    const url = `/api/sites/${ids.teamMobileSite}/monthlyUsage`;
    const views = [
      ['acme.teamlead', url],
      ['acme.admin', url],
    ] as const;
    const before = await Promise.all(views.map(([user, u]) => seriesOf(user, u)));
    const month = before[0]![0]!.series.at(-1)!.name;
    const started_at = `${month.slice(0, 8)}01T10:00:00Z`;
    const own: CallRecord[] = [
      { endpoint_id: ids.teamMobile, started_at, record_type: 'voice', duration: 50, bytes: 0, cost: 0.25 },
    ];
    const others: CallRecord[] = [
      { endpoint_id: outsider.id, started_at, record_type: 'voice', duration: 70, bytes: 0, cost: 0.5 },
    ];
    await insertRecords(db(), [...own, ...others]);
    const after = await Promise.all(views.map(([user, u]) => seriesOf(user, u)));
    expectTotals(difference(periodOf(after[0]!, month), periodOf(before[0]!, month)), totalsOf(own), 'team lead');
    expectTotals(
      difference(periodOf(after[1]!, month), periodOf(before[1]!, month)),
      totalsOf([...own, ...others]),
      'admin',
    );
  });
});
