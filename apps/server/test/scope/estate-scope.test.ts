import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { userInEstate } from '../../src/scope/conditions.js';
import type { estateScope } from '../../src/scope/estate-scope.js';
import { estateScopeOf } from '../support/callers.js';
import { useDemoApp } from '../support/test-app.js';

const context = useDemoApp();
const db = () => context.database.db;

function scopeOf(userName: string) {
  return estateScopeOf(db(), userName);
}

async function idsOf(query: ReturnType<ReturnType<typeof estateScope>['endpoints']>) {
  return (await query.execute()).map((r) => r.id).sort((a, b) => a - b);
}

async function companyIdsNamed(...names: string[]) {
  const rows = await db().selectFrom('companies').select('id').where('name', 'in', names).orderBy('id').execute();
  return rows.map((r) => r.id);
}

describe('estate scope by profile level', () => {
  it('Company: every endpoint, site and team of the user’s companies, nothing else', async () => {
    const scope = await scopeOf('acme.admin');
    const [acme] = await companyIdsNamed('Acme Logistics Ltd');
    expect(await idsOf(scope.companies())).toEqual([acme]);
    const expected = await db()
      .selectFrom('endpoints')
      .select('id')
      .where('company_id', '=', acme!)
      .orderBy('id')
      .execute();
    expect(await idsOf(scope.endpoints())).toEqual(expected.map((e) => e.id));
    expect((await idsOf(scope.sites())).length).toBe(4);
    expect((await idsOf(scope.teams())).length).toBe(4);
  });

  it('Company with two companies sees both', async () => {
    const scope = await scopeOf('multi.admin');
    expect(await idsOf(scope.companies())).toEqual(
      await companyIdsNamed('Initech Holdings Ltd', 'Initech Field Services Ltd'),
    );
  });

  it('Site: only the endpoints on the user’s two sites', async () => {
    const scope = await scopeOf('acme.sitemanager');
    const sites = await idsOf(scope.sites());
    expect(sites).toHaveLength(2);
    const endpoints = await idsOf(scope.endpoints());
    const onThoseSites = await db()
      .selectFrom('endpoints')
      .select('id')
      .where('site_id', 'in', sites)
      .orderBy('id')
      .execute();
    expect(endpoints).toEqual(onThoseSites.map((e) => e.id));
    expect(endpoints.length).toBeGreaterThan(0);
  });

  it('Team: only the endpoints in the user’s team', async () => {
    const scope = await scopeOf('acme.teamlead');
    const teams = await idsOf(scope.teams());
    expect(teams).toHaveLength(1);
    const members = await sql<{ id: number }>`SELECT endpoint_id AS id FROM team_endpoints
      WHERE team_id = ${teams[0]} ORDER BY 1`.execute(db());
    expect(await idsOf(scope.endpoints())).toEqual(members.rows.map((r) => r.id));
  });

  it('EndPoint: the one device, its site and company', async () => {
    const scope = await scopeOf('acme.mobile');
    const endpoints = await idsOf(scope.endpoints());
    expect(endpoints).toHaveLength(1);
    expect(await idsOf(scope.companies())).toEqual(await companyIdsNamed('Acme Logistics Ltd'));
    expect(await idsOf(scope.sites())).toHaveLength(1);
  });

  it('userInEstate agrees with users() for every demo user at every level', async () => {
    const everyone = await db().selectFrom('users').select('user_name').orderBy('id').execute();
    for (const { user_name } of everyone) {
      const scope = await scopeOf(user_name);
      const byCondition = await db()
        .selectFrom('users')
        .select('users.id')
        .where((eb) => userInEstate(eb.ref('users.id'), scope))
        .orderBy('users.id')
        .execute();
      expect(
        byCondition.map((r) => r.id),
        user_name,
      ).toEqual(await idsOf(scope.users()));
    }
  });
});
