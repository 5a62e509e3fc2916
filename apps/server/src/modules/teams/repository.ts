import type { NamedRef, ODataQuery, TeamEndpointRef } from '@portal/contract';
import { endpointsInEstate, teamsInEstate } from '../../estate/conditions.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { runODataList } from '../../odata/index.js';
import { type TeamsContext, teamsResource } from './resource.js';

function teamsOfEstate(scope: EstateScope) {
  return scope.db
    .selectFrom('teams')
    .innerJoin('companies', 'companies.id', 'teams.company_id')
    .where((eb) => teamsInEstate(eb, scope));
}

function contextOf(scope: EstateScope): TeamsContext {
  return { endpointsOf: (teamIds) => teamEndpoints(scope, teamIds) };
}

/** A page of the caller's teams; `$expand=EndPoints` adds each team's devices of the caller's estate. */
export function listTeams(scope: EstateScope, options: ODataQuery) {
  return runODataList({
    db: scope.db,
    baseQuery: teamsOfEstate(scope),
    resource: teamsResource,
    options,
    context: contextOf(scope),
  });
}

/** One of the caller's teams with the fields `$select` and `$expand` ask for, or undefined. */
export async function findTeam(scope: EstateScope, teamId: number, options: Pick<ODataQuery, '$select' | '$expand'>) {
  const { value } = await runODataList({
    db: scope.db,
    baseQuery: teamsOfEstate(scope).where('teams.id', '=', teamId),
    resource: teamsResource,
    options: { $select: options.$select, $expand: options.$expand },
    context: contextOf(scope),
  });
  return value[0];
}

/** Id and name of each of the caller's teams, by name. */
export function teamNames(scope: EstateScope): Promise<NamedRef[]> {
  return scope.db
    .selectFrom('teams')
    .select(['teams.id', 'teams.name'])
    .where((eb) => teamsInEstate(eb, scope))
    .orderBy('teams.name')
    .orderBy('teams.id')
    .execute();
}

/**
 * The mobile devices of each of `teamIds` that are in the caller's estate, by name (every asked id has an entry):
 * a team leader of another team, or a site manager, sees a shared team through their own devices only.
 */
async function teamEndpoints(scope: EstateScope, teamIds: readonly number[]) {
  const byTeam = new Map<number, TeamEndpointRef[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return byTeam;
  const rows = await scope.db
    .selectFrom('team_endpoints')
    .innerJoin('endpoints', 'endpoints.id', 'team_endpoints.endpoint_id')
    .select(['team_endpoints.team_id', 'endpoints.id', 'endpoints.name', 'endpoints.identifier'])
    .where('team_endpoints.team_id', 'in', teamIds)
    .where((eb) => endpointsInEstate(eb, scope))
    .orderBy('endpoints.name')
    .orderBy('endpoints.id')
    .execute();
  for (const { team_id, ...endpoint } of rows) byTeam.get(team_id)?.push(endpoint);
  return byTeam;
}
