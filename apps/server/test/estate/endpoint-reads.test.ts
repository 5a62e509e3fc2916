import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedIn, signIn, useDemoApp } from '../support/test-app.js';
import { companyId, lineOf, sitesOf, teamIdsOfLine, teamsOf } from './estate-fixtures.js';

const context = useDemoApp();
const sessions: Record<string, SignedIn> = {};
const db = () => context.database.db;

beforeAll(async () => {
  for (const user of ['acme.admin', 'acme.finance', 'acme.teamlead', 'acme.sitemanager', 'globex.admin']) {
    sessions[user] = await signIn(context.app, user);
  }
});

type ListBody = { value: Array<Record<string, unknown>>; '@odata.count'?: number };

const get = (url: string, user: string, query: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, query, headers: bearer(sessions[user]?.accessToken ?? '') });

describe('GET /api/endpoints/:id', () => {
  it('answers a mobile line with its company, site, teams and supplier', async () => {
    const line = await lineOf(db(), 'Acme Logistics Ltd', 1);
    const response = await get(`/api/endpoints/${line.id}`, 'acme.admin');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const stored = await db()
      .selectFrom('endpoints')
      .innerJoin('sites', 'sites.id', 'endpoints.site_id')
      .select(['endpoints.product', 'endpoints.supplier_id', 'sites.name as site_name'])
      .where('endpoints.id', '=', line.id)
      .executeTakeFirstOrThrow();
    const teamIds = await teamIdsOfLine(db(), line.id);
    expect(body).toMatchObject({
      id: line.id,
      name: line.name,
      identifier: line.identifier,
      endPointTypeId: 1,
      product: stored.product,
      supplierId: stored.supplier_id,
      carrierId: null,
      company: { id: line.company_id, name: 'Acme Logistics Ltd' },
      site: { id: line.site_id, name: stored.site_name },
    });
    expect(body.teams.map((team: { id: number }) => team.id).sort()).toEqual(teamIds);
    expect(teamIds.length).toBeGreaterThan(0);
  });

  it('answers a broadband line with its carrier', async () => {
    const line = await lineOf(db(), 'Acme Logistics Ltd', 3);
    const body = (await get(`/api/endpoints/${line.id}`, 'acme.admin')).json();
    expect(body).toMatchObject({ id: line.id, endPointTypeId: 3, supplierId: null, teams: [] });
    expect([494, 588]).toContain(body.carrierId);
  });

  it("answers 404 for another company's line and 403 without a reading code", async () => {
    const globex = await lineOf(db(), 'Globex Engineering Ltd', 1);
    expect((await get(`/api/endpoints/${globex.id}`, 'acme.admin')).statusCode).toBe(404);
    expect((await get(`/api/endpoints/${globex.id}`, 'globex.admin')).statusCode).toBe(200);
    const acme = await lineOf(db(), 'Acme Logistics Ltd', 1);
    expect((await get(`/api/endpoints/${acme.id}`, 'acme.finance')).statusCode).toBe(403);
  });

  it("gives a team leader their team's devices and nothing else of the company", async () => {
    const team = await db()
      .selectFrom('user_teams')
      .innerJoin('users', 'users.id', 'user_teams.user_id')
      .select('user_teams.team_id')
      .where('users.user_name', '=', 'acme.teamlead')
      .executeTakeFirstOrThrow();
    const members = db().selectFrom('team_endpoints').select('endpoint_id').where('team_id', '=', team.team_id);
    const inside = await db().selectFrom('endpoints').select('id').where('id', 'in', members).executeTakeFirstOrThrow();
    const outside = await db()
      .selectFrom('endpoints')
      .select('id')
      .where('company_id', '=', await companyId(db(), 'Acme Logistics Ltd'))
      .where('id', 'not in', members)
      .executeTakeFirstOrThrow();
    const own = await get(`/api/endpoints/${inside.id}`, 'acme.teamlead');
    expect(own.statusCode).toBe(200);
    expect(own.json().teams).toEqual([{ id: team.team_id, name: expect.any(String) }]);
    expect((await get(`/api/endpoints/${outside.id}`, 'acme.teamlead')).statusCode).toBe(404);
  });

  it('refuses an id that is not a plain positive number, naming the parameter', async () => {
    const response = await get('/api/endpoints/01', 'acme.admin');
    expect(response.statusCode).toBe(400);
    expect(response.json().details?.[0]?.field).toBe('id');
  });
});

describe('GET /api/endpoints', () => {
  it('finds a line by identifier, only in the estate', async () => {
    const acme = await lineOf(db(), 'Acme Logistics Ltd', 1);
    const found = await get('/api/endpoints', 'acme.admin', {
      $filter: `identifier eq '${acme.identifier}'`,
      $select: 'id,name',
    });
    expect(found.statusCode).toBe(200);
    expect(found.json<ListBody>().value).toEqual([{ id: acme.id, name: acme.name }]);
    const globex = await lineOf(db(), 'Globex Engineering Ltd', 1);
    const hidden = await get('/api/endpoints', 'acme.admin', { $filter: `identifier eq '${globex.identifier}'` });
    expect(hidden.json<ListBody>().value).toEqual([]);
  });

  it('counts every line of both kinds, with an optional top', async () => {
    const expected = await db()
      .selectFrom('endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', await companyId(db(), 'Acme Logistics Ltd'))
      .executeTakeFirstOrThrow();
    const body = (
      await get('/api/endpoints', 'acme.admin', { $select: 'id,name', $count: 'true', $top: '3' })
    ).json<ListBody>();
    expect(body['@odata.count']).toBe(Number(expected.n));
    expect(body.value).toHaveLength(3);
    expect(Object.keys(body.value[0] ?? {}).sort()).toEqual(['id', 'name']);
  });

  it('refuses a field it does not know, naming it', async () => {
    const response = await get('/api/endpoints', 'acme.admin', { $select: 'id,password' });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('password');
  });
});

describe.each([
  ['mobileHandset/site', 1 as const],
  ['broadbandConnection/site', 3 as const],
])('GET /api/endpoints/%s/:id', (path, typeId) => {
  it("counts the site's lines of that type cheaply, and 404s another company's site", async () => {
    const [site] = await sitesOf(db(), 'Acme Logistics Ltd');
    if (!site) throw new Error('Acme has no site');
    const expected = await db()
      .selectFrom('endpoints')
      .select('identifier')
      .where('site_id', '=', site.id)
      .where('endpoint_type_id', '=', typeId)
      .execute();
    const counted = await get(`/api/endpoints/${path}/${site.id}`, 'acme.admin', { $count: 'true', $top: '0' });
    expect(counted.statusCode).toBe(200);
    expect(counted.json()).toEqual({ value: [], '@odata.count': expected.length });
    const listed = (
      await get(`/api/endpoints/${path}/${site.id}`, 'acme.admin', { $select: 'identifier', $top: '100' })
    ).json<ListBody>();
    expect(listed.value.map((row) => row.identifier).sort()).toEqual(expected.map((row) => row.identifier).sort());

    const [globexSite] = await sitesOf(db(), 'Globex Engineering Ltd');
    expect((await get(`/api/endpoints/${path}/${globexSite?.id}`, 'acme.admin')).statusCode).toBe(404);
  });
});

describe('GET /api/endpoints/mobileHandset/team/:id', () => {
  it("lists the team's devices, and 404s another company's team", async () => {
    const [team] = await teamsOf(db(), 'Acme Logistics Ltd');
    if (!team) throw new Error('Acme has no team');
    const members = await db()
      .selectFrom('team_endpoints')
      .innerJoin('endpoints', 'endpoints.id', 'team_endpoints.endpoint_id')
      .select('endpoints.identifier')
      .where('team_endpoints.team_id', '=', team.id)
      .execute();
    expect(members.length).toBeGreaterThan(0);
    const url = `/api/endpoints/mobileHandset/team/${team.id}`;
    expect((await get(url, 'acme.admin', { $count: 'true', $top: '0' })).json()['@odata.count']).toBe(members.length);
    const listed = (await get(url, 'acme.admin', { $select: 'identifier', $top: '100' })).json<ListBody>();
    expect(listed.value.map((row) => row.identifier).sort()).toEqual(members.map((row) => row.identifier).sort());

    const [globexTeam] = await teamsOf(db(), 'Globex Engineering Ltd');
    expect((await get(`/api/endpoints/mobileHandset/team/${globexTeam?.id}`, 'acme.admin')).statusCode).toBe(404);
  });

  it("404s a team of the company outside a team leader's estate", async () => {
    const leaderTeams = db()
      .selectFrom('user_teams')
      .innerJoin('users', 'users.id', 'user_teams.user_id')
      .select('user_teams.team_id')
      .where('users.user_name', '=', 'acme.teamlead');
    const other = await db()
      .selectFrom('teams')
      .select('id')
      .where('company_id', '=', await companyId(db(), 'Acme Logistics Ltd'))
      .where('id', 'not in', leaderTeams)
      .executeTakeFirstOrThrow();
    expect((await get(`/api/endpoints/mobileHandset/team/${other.id}`, 'acme.teamlead')).statusCode).toBe(404);
  });
});
