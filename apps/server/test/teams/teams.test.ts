import { TeamListItemSchema } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, useDemoApp } from '../support/test-app.js';

const context = useDemoApp();
const db = () => context.database.db;

type Named = { id: number; name: string };
type Device = { id: number; name: string; identifier: string };

/** The teams each caller should see, read straight from the tables the estate is made of. */
const expected = {
  acmeId: 0,
  acme: [] as Named[],
  initech: [] as Named[],
  led: [] as Named[],
  ofManagedSites: [] as Named[],
  managedSites: [] as number[],
  globexTeam: 0,
};

async function companyId(name: string) {
  return (await db().selectFrom('companies').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

async function userId(userName: string) {
  return (await db().selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
}

function teamsWhere(column: 'teams.company_id' | 'teams.id', ids: number[]) {
  return db()
    .selectFrom('teams')
    .select(['teams.id', 'teams.name'])
    .where(column, 'in', ids)
    .orderBy('teams.name')
    .orderBy('teams.id')
    .execute();
}

/** A team's devices, by name; on the given sites only, when given. */
function devicesOf(teamId: number, onSites?: number[]): Promise<Device[]> {
  let query = db()
    .selectFrom('team_endpoints')
    .innerJoin('endpoints', 'endpoints.id', 'team_endpoints.endpoint_id')
    .select(['endpoints.id', 'endpoints.name', 'endpoints.identifier'])
    .where('team_endpoints.team_id', '=', teamId);
  if (onSites) query = query.where('endpoints.site_id', 'in', onSites);
  return query.orderBy('endpoints.name').orderBy('endpoints.id').execute();
}

beforeAll(async () => {
  expected.acmeId = await companyId('Acme Logistics Ltd');
  expected.acme = await teamsWhere('teams.company_id', [expected.acmeId]);
  const initech = [await companyId('Initech Holdings Ltd'), await companyId('Initech Field Services Ltd')];
  expected.initech = await teamsWhere('teams.company_id', initech);
  const led = await db()
    .selectFrom('user_teams')
    .select('team_id')
    .where('user_id', '=', await userId('acme.teamlead'))
    .execute();
  expected.led = await teamsWhere(
    'teams.id',
    led.map((row) => row.team_id),
  );
  const managed = await db()
    .selectFrom('user_sites')
    .select('site_id')
    .where('user_id', '=', await userId('acme.sitemanager'))
    .execute();
  expected.managedSites = managed.map((row) => row.site_id);
  const ofManagedSites = await db()
    .selectFrom('team_endpoints')
    .innerJoin('endpoints', 'endpoints.id', 'team_endpoints.endpoint_id')
    .select('team_endpoints.team_id')
    .where('endpoints.site_id', 'in', expected.managedSites)
    .execute();
  expected.ofManagedSites = await teamsWhere(
    'teams.id',
    ofManagedSites.map((row) => row.team_id),
  );
  const globex = await companyId('Globex Engineering Ltd');
  expected.globexTeam = (
    await db().selectFrom('teams').select('id').where('company_id', '=', globex).executeTakeFirstOrThrow()
  ).id;
});

async function getAs(userName: string | null, url: string) {
  const headers = userName ? bearer((await signIn(context.app, userName)).accessToken) : {};
  return context.app.inject({ method: 'GET', url, headers });
}

describe('GET /api/teams', () => {
  it('lists the teams of each caller’s estate, by name', async () => {
    expect(expected.acme.length).toBeGreaterThan(expected.led.length);
    expect(expected.led.length).toBeGreaterThan(0);
    expect(expected.ofManagedSites.length).toBeGreaterThan(0);
    for (const [userName, teams] of [
      ['acme.admin', expected.acme],
      ['acme.teamlead', expected.led],
      ['acme.sitemanager', expected.ofManagedSites],
      ['multi.admin', expected.initech],
    ] as const) {
      const reply = await getAs(userName, '/api/teams?$select=id,name&$top=100');
      expect(reply.statusCode, userName).toBe(200);
      expect(reply.json().value, userName).toEqual(teams);
    }
  });

  it('gives company, count and pages, and devices with $expand=EndPoints', async () => {
    const reply = await getAs('acme.admin', '/api/teams?$count=true&$top=1&$orderby=name&$expand=EndPoints');
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body['@odata.count']).toBe(expected.acme.length);
    const first = expected.acme[0]!;
    expect(body.value).toEqual([
      { ...first, companyId: expected.acmeId, companyName: 'Acme Logistics Ltd', endPoints: await devicesOf(first.id) },
    ]);
    TeamListItemSchema.parse(body.value[0]);
    const second = (await getAs('acme.admin', '/api/teams?$select=id&$top=1&$skip=1&$orderby=name')).json();
    expect(second.value).toEqual([{ id: expected.acme[1]!.id }]);
  });

  it('answers 400 naming the option for a bad one', async () => {
    for (const [url, field] of [
      ['/api/teams?$select=members', '$select'],
      ['/api/teams?$skip=-1', '$skip'],
      ['/api/teams?$expand=Owners', '$expand'],
    ] as const) {
      const reply = await getAs('acme.admin', url);
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json().details, url).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
  });

  it('is refused to a caller with no team access (finance, a mobile user)', async () => {
    expect((await getAs('acme.finance', '/api/teams')).statusCode).toBe(403);
    expect((await getAs('acme.mobile', '/api/teams/names')).statusCode).toBe(403);
  });
});

describe('GET /api/teams/names', () => {
  it('gives id and name of each team of the estate, by name', async () => {
    expect((await getAs('acme.admin', '/api/teams/names')).json()).toEqual({ value: expected.acme });
    expect((await getAs('acme.teamlead', '/api/teams/names')).json()).toEqual({ value: expected.led });
    expect((await getAs('acme.sitemanager', '/api/teams/names')).json()).toEqual({ value: expected.ofManagedSites });
    expect((await getAs('multi.admin', '/api/teams/names')).json()).toEqual({ value: expected.initech });
  });
});

describe('GET /api/teams/:id', () => {
  it('gives a team of the estate with its devices of the estate under $expand=EndPoints', async () => {
    const team = expected.led[0]!;
    const devices = await devicesOf(team.id);
    expect(devices.length).toBeGreaterThan(0);
    const led = await getAs('acme.teamlead', `/api/teams/${team.id}?$expand=EndPoints`);
    expect(led.json()).toEqual({
      ...team,
      companyId: expected.acmeId,
      companyName: 'Acme Logistics Ltd',
      endPoints: devices,
    });
    expect((await getAs('acme.admin', `/api/teams/${team.id}?$select=id,name`)).json()).toEqual(team);
    const initech = expected.initech[0]!;
    expect((await getAs('multi.admin', `/api/teams/${initech.id}?$select=name`)).json()).toEqual({
      name: initech.name,
    });
  });

  it('shows a site manager only the team’s devices on their sites', async () => {
    const shared = [];
    for (const team of expected.ofManagedSites) {
      const onSites = await devicesOf(team.id, expected.managedSites);
      if (onSites.length < (await devicesOf(team.id)).length) shared.push({ team, onSites });
    }
    expect(shared.length).toBeGreaterThan(0);
    for (const { team, onSites } of shared) {
      const reply = await getAs('acme.sitemanager', `/api/teams/${team.id}?$select=id&$expand=EndPoints`);
      expect(reply.json()).toEqual({ id: team.id, endPoints: onSites });
    }
  });

  it('answers 404 outside the estate: another company’s team, a team not led, an unknown id', async () => {
    const notLed = expected.acme.find((team) => !expected.led.some((own) => own.id === team.id))!;
    expect((await getAs('acme.admin', `/api/teams/${expected.globexTeam}`)).statusCode).toBe(404);
    expect((await getAs('multi.admin', `/api/teams/${expected.acme[0]!.id}`)).statusCode).toBe(404);
    expect((await getAs('acme.teamlead', `/api/teams/${notLed.id}?$expand=EndPoints`)).statusCode).toBe(404);
    expect((await getAs('acme.admin', '/api/teams/99999999')).statusCode).toBe(404);
  });

  it('answers 400 naming the field for a bad id, $select or $expand', async () => {
    const teamId = expected.acme[0]!.id;
    for (const [url, field] of [
      ['/api/teams/abc', 'id'],
      [`/api/teams/${teamId}?$select=secret`, '$select'],
      [`/api/teams/${teamId}?$expand=Users`, '$expand'],
    ] as const) {
      const reply = await getAs('acme.admin', url);
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json().details, url).toEqual([expect.objectContaining({ field })]);
    }
  });
});
