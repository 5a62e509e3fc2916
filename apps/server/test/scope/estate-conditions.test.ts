import type { SelectQueryBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import {
  endpointsInEstate,
  holdsSitesWhole,
  sitesInEstate,
  teamMembershipsInEstate,
  teamsInEstate,
} from '../../src/scope/conditions.js';
import { estateScopeOf } from '../support/callers.js';
import { useDemoApp } from '../support/test-app.js';

const context = useDemoApp();

/** Every level of profile, and a company-level caller of two companies. */
const CALLERS = [
  'acme.admin',
  'acme.sitemanager',
  'acme.teamlead',
  'acme.mobile',
  'acme.broadband',
  'globex.admin',
  'multi.admin',
];

async function sortedIds(query: SelectQueryBuilder<Database, keyof Database, { id: number }>) {
  return [...new Set((await query.execute()).map((row) => row.id))].sort((a, b) => a - b);
}

describe('the estate conditions select exactly what the estate scope does', () => {
  it.each(CALLERS)('endpointsInEstate for %s', async (userName) => {
    const { db } = context.database;
    const scope = await estateScopeOf(db, userName);
    const viaScope = await sortedIds(scope.endpoints());
    const viaCondition = await sortedIds(
      db
        .selectFrom('endpoints')
        .select('endpoints.id')
        .where((eb) => endpointsInEstate(eb, scope)),
    );
    expect(viaScope.length).toBeGreaterThan(0);
    expect(viaCondition).toEqual(viaScope);
  });

  it.each(CALLERS)('sitesInEstate and teamsInEstate for %s', async (userName) => {
    const { db } = context.database;
    const scope = await estateScopeOf(db, userName);
    const sites = await sortedIds(
      db
        .selectFrom('sites')
        .select('sites.id')
        .where((eb) => sitesInEstate(eb, scope)),
    );
    const teams = await sortedIds(
      db
        .selectFrom('teams')
        .select('teams.id')
        .where((eb) => teamsInEstate(eb, scope)),
    );
    expect(sites).toEqual(await sortedIds(scope.sites()));
    expect(teams).toEqual(await sortedIds(scope.teams()));
  });

  it.each(CALLERS)(
    'teamMembershipsInEstate for %s: the memberships of a team and an endpoint of the estate',
    async (userName) => {
      const { db } = context.database;
      const scope = await estateScopeOf(db, userName);
      const pairs = async (rows: Promise<Array<{ team_id: number; endpoint_id: number }>>) =>
        (await rows).map((row) => `${row.team_id}:${row.endpoint_id}`).sort();
      const viaScope = await pairs(
        db
          .selectFrom('team_endpoints')
          .select(['team_id', 'endpoint_id'])
          .where('team_id', 'in', scope.teams())
          .where('endpoint_id', 'in', scope.endpoints())
          .execute(),
      );
      const viaCondition = await pairs(
        db
          .selectFrom('team_endpoints')
          .select(['team_id', 'endpoint_id'])
          .where((eb) => teamMembershipsInEstate(eb, scope))
          .execute(),
      );
      expect(viaCondition).toEqual(viaScope);
    },
  );
});

describe('holdsSitesWhole', () => {
  it.each(CALLERS)('is true for %s only if every endpoint of each of their sites is theirs', async (userName) => {
    const { db } = context.database;
    const scope = await estateScopeOf(db, userName);
    const outside = await db
      .selectFrom('endpoints')
      .select('endpoints.id')
      .where('endpoints.site_id', 'in', scope.sites())
      .where('endpoints.id', 'not in', scope.endpoints())
      .execute();
    if (holdsSitesWhole(scope)) expect(outside).toEqual([]);
    else expect(['Team', 'EndPoint']).toContain(scope.caller.profile.level);
  });

  it('holds for company administrators and site managers, whose site charts read the site rollup', async () => {
    const { db } = context.database;
    for (const userName of ['acme.admin', 'multi.admin', 'acme.sitemanager']) {
      expect(holdsSitesWhole(await estateScopeOf(db, userName)), userName).toBe(true);
    }
  });
});
