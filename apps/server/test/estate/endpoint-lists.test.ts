import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedIn, signIn, useDemoApp } from '../support/test-app.js';

const context = useDemoApp();
const sessions: Record<string, SignedIn> = {};

beforeAll(async () => {
  for (const user of ['acme.admin', 'acme.sitemanager', 'acme.finance', 'globex.admin']) {
    sessions[user] = await signIn(context.app, user);
  }
});

type ListBody = { value: Array<Record<string, unknown>>; '@odata.count'?: number };

const list = (path: string, user: string, query: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url: path, query, headers: bearer(sessions[user]?.accessToken ?? '') });

/** The endpoints of a type the database holds for a company (optionally only on some sites). */
async function expectedIdentifiers(companyName: string, typeId: 1 | 3, siteIds?: number[]) {
  let query = context.database.db
    .selectFrom('endpoints')
    .innerJoin('companies', 'companies.id', 'endpoints.company_id')
    .select('endpoints.identifier')
    .where('companies.name', '=', companyName)
    .where('endpoints.endpoint_type_id', '=', typeId);
  if (siteIds) query = query.where('endpoints.site_id', 'in', siteIds);
  return (await query.execute()).map((row) => row.identifier).sort();
}

describe.each([
  ['/api/endpoints/mobileHandset/user', 1 as const],
  ['/api/endpoints/broadbandConnection/user', 3 as const],
])('GET %s', (path, typeId) => {
  it('needs sign-in and the user-estate permission', async () => {
    expect((await context.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await list(path, 'acme.finance')).statusCode).toBe(403);
  });

  it('counts the company’s endpoints of that type cheaply', async () => {
    const response = await list(path, 'acme.admin', { $count: 'true', $top: '0' });
    expect(response.statusCode).toBe(200);
    const expected = await expectedIdentifiers('Acme Logistics Ltd', typeId);
    expect(expected.length).toBeGreaterThan(0);
    expect(response.json()).toEqual({ value: [], '@odata.count': expected.length });
  });

  it('lists every endpoint of the estate and nothing of another company', async () => {
    const identifiers: string[] = [];
    for (let skip = 0; ; skip += 100) {
      const page = (await list(path, 'acme.admin', { $select: 'identifier', $skip: String(skip) })).json<ListBody>();
      identifiers.push(...page.value.map((row) => String(row.identifier)));
      if (page.value.length < 100) break;
    }
    expect(identifiers.sort()).toEqual(await expectedIdentifiers('Acme Logistics Ltd', typeId));

    const globex = (await list(path, 'globex.admin', { $select: 'identifier', $top: '100' })).json<ListBody>();
    const acme = new Set(identifiers);
    expect(globex.value.some((row) => acme.has(String(row.identifier)))).toBe(false);
  });

  it('answers with site names and filters inside the estate', async () => {
    const body = (
      await list(path, 'acme.admin', { $select: 'id,name,identifier,product,siteName', $top: '1', $orderby: 'name' })
    ).json<ListBody>();
    expect(Object.keys(body.value[0] ?? {}).sort()).toEqual(['id', 'identifier', 'name', 'product', 'siteName']);
    const first = body.value[0];
    const filtered = (
      await list(path, 'acme.admin', { $filter: `identifier eq '${String(first?.identifier)}'`, $count: 'true' })
    ).json<ListBody>();
    expect(filtered['@odata.count']).toBe(1);
  });
});

describe('an endpoint-level user', () => {
  it('sees only the device assigned to them', async () => {
    const session = await signIn(context.app, 'acme.mobile');
    const assigned = await context.database.db
      .selectFrom('user_endpoints')
      .innerJoin('users', 'users.id', 'user_endpoints.user_id')
      .innerJoin('endpoints', 'endpoints.id', 'user_endpoints.endpoint_id')
      .select('endpoints.identifier')
      .where('users.user_name', '=', 'acme.mobile')
      .execute();
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/endpoints/mobileHandset/user',
      query: { $select: 'identifier', $count: 'true' },
      headers: bearer(session.accessToken),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ListBody>();
    expect(body['@odata.count']).toBe(1);
    expect(body.value.map((row) => row.identifier)).toEqual(assigned.map((row) => row.identifier));
  });
});

describe('the rows of the mobile device tables (decision 0081)', () => {
  it('name their company and, with $expand=teams, the teams the caller sees', async () => {
    const body = (
      await list('/api/endpoints/mobileHandset/user', 'acme.admin', {
        $select: 'id,companyId,companyName',
        $expand: 'teams',
        $top: '100',
      })
    ).json<ListBody>();
    const acme = await context.database.db
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('name', '=', 'Acme Logistics Ltd')
      .executeTakeFirstOrThrow();
    const memberships = await context.database.db
      .selectFrom('team_endpoints')
      .innerJoin('teams', 'teams.id', 'team_endpoints.team_id')
      .select(['team_endpoints.endpoint_id', 'teams.id', 'teams.name'])
      .where('teams.company_id', '=', acme.id)
      .orderBy('teams.name')
      .orderBy('teams.id')
      .execute();
    expect(body.value.length).toBeGreaterThan(0);
    for (const row of body.value) {
      expect(row).toMatchObject({ companyId: acme.id, companyName: acme.name });
      const teams = memberships.filter((m) => m.endpoint_id === row.id).map(({ id, name }) => ({ id, name }));
      expect(row.teams).toEqual(teams);
    }
    expect(body.value.some((row) => (row.teams as unknown[]).length > 0)).toBe(true);
  });

  it('filter by the names of the teams the caller sees (issue 21: the Teams column filter)', async () => {
    const team = await context.database.db
      .selectFrom('teams')
      .innerJoin('companies', 'companies.id', 'teams.company_id')
      .innerJoin('team_endpoints', 'team_endpoints.team_id', 'teams.id')
      .select(['teams.id', 'teams.name'])
      .where('companies.name', '=', 'Acme Logistics Ltd')
      .executeTakeFirstOrThrow();
    const members = await context.database.db
      .selectFrom('team_endpoints')
      .innerJoin('endpoints', 'endpoints.id', 'team_endpoints.endpoint_id')
      .select('endpoints.id')
      .where('team_endpoints.team_id', '=', team.id)
      .where('endpoints.endpoint_type_id', '=', 1)
      .execute();
    const filtered = (
      await list('/api/endpoints/mobileHandset/user', 'acme.admin', {
        $filter: `contains(teamNames,'${team.name.toUpperCase().replaceAll("'", "''")}')`,
        $select: 'id',
        $expand: 'teams',
        $count: 'true',
        $top: '100',
      })
    ).json<ListBody>();
    expect(filtered['@odata.count']).toBeGreaterThanOrEqual(members.length);
    expect(filtered.value.map((row) => row.id)).toEqual(expect.arrayContaining(members.map((row) => row.id)));
    for (const row of filtered.value) {
      const names = (row.teams as Array<{ name: string }>).map((own) => own.name.toLowerCase());
      expect(names.some((name) => name.includes(team.name.toLowerCase()))).toBe(true);
    }
    // A line in no team has no team names: 'eq null' finds those, and the field is for filtering only.
    const teamless = (
      await list('/api/endpoints/mobileHandset/user', 'acme.admin', {
        $filter: 'teamNames eq null',
        $expand: 'teams',
        $top: '100',
      })
    ).json<ListBody>();
    for (const row of teamless.value) expect(row.teams).toEqual([]);
    const selected = await list('/api/endpoints/mobileHandset/user', 'acme.admin', { $select: 'teamNames' });
    expect(selected.statusCode).toBe(400);
  });

  it('filter a team leader’s lines by their own teams only, never by a team they cannot see', async () => {
    const session = await signIn(context.app, 'acme.teamlead');
    const ownTeams = context.database.db
      .selectFrom('user_teams')
      .innerJoin('users', 'users.id', 'user_teams.user_id')
      .select('user_teams.team_id')
      .where('users.user_name', '=', 'acme.teamlead');
    const own = await ownTeams.executeTakeFirstOrThrow();
    // A team of the company the team leader is not in, that some of their team's lines are also in.
    const hidden = await context.database.db
      .selectFrom('teams')
      .innerJoin('team_endpoints', 'team_endpoints.team_id', 'teams.id')
      .select('teams.name')
      .where('teams.id', 'not in', ownTeams)
      .where(
        'team_endpoints.endpoint_id',
        'in',
        context.database.db.selectFrom('team_endpoints').select('endpoint_id').where('team_id', '=', own.team_id),
      )
      .executeTakeFirstOrThrow();
    const count = async (filter: string) => {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/endpoints/mobileHandset/team/${own.team_id}`,
        query: { $filter: filter, $count: 'true', $top: '0' },
        headers: bearer(session.accessToken),
      });
      expect(response.statusCode).toBe(200);
      return response.json<ListBody>()['@odata.count'];
    };
    expect(await count(`contains(teamNames,'${hidden.name.replaceAll("'", "''")}')`)).toBe(0);
    expect(await count('teamNames ne null')).toBeGreaterThan(0);
  });

  it('give a team leader only their own team', async () => {
    const session = await signIn(context.app, 'acme.teamlead');
    const ownTeams = await context.database.db
      .selectFrom('user_teams')
      .innerJoin('users', 'users.id', 'user_teams.user_id')
      .select('user_teams.team_id')
      .where('users.user_name', '=', 'acme.teamlead')
      .execute();
    const [own] = ownTeams;
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/endpoints/mobileHandset/team/${own?.team_id}`,
      query: { $select: 'id', $expand: 'teams', $top: '100' },
      headers: bearer(session.accessToken),
    });
    const body = response.json<ListBody>();
    expect(body.value.length).toBeGreaterThan(0);
    for (const row of body.value) {
      expect((row.teams as Array<{ id: number }>).map((team) => team.id)).toEqual([own?.team_id]);
    }
  });
});
