import type { NamedRef, ODataQuery, TeamEndpointRef } from '@portal/contract';
import { runODataList } from '../../odata/index.js';
import { endpointsInEstate, teamMembershipsInEstate, teamsInEstate } from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { type TeamsContext, teamsResource } from './resource.js';

function teamsOfEstate(scope: EstateScope) {
  return scope.db
    .selectFrom('teams')
    .innerJoin('companies', 'companies.id', 'teams.company_id')
    .where((eb) => teamsInEstate(eb, scope));
}

function contextOf(scope: EstateScope): TeamsContext {
  return { endpointsOf: (teamIds) => teamOperations(scope, teamIds) };
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
async function teamOperations(scope: EstateScope, teamIds: readonly number[]) {
  const byTeam = new Map<number, TeamEndpointRef[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return byTeam;
  const rows = await scope.db
    .selectFrom('team_endpoints')
    .innerJoin('endpoints', 'endpoints.id', 'team_endpoints.endpoint_id')
    .select(['team_endpoints.team_id', 'endpoints.id', 'endpoints.name', 'endpoints.identifier'])
    .where('team_endpoints.team_id', 'in', teamIds)
    // Whole companies: the team says it, where the line's company led PostgreSQL to read every line of the
    // company (8,735 for the largest) to find the team's few hundred.
    .where((eb) => (scope.companyWide ? teamMembershipsInEstate(eb, scope) : endpointsInEstate(eb, scope)))
    .orderBy('endpoints.name')
    .orderBy('endpoints.id')
    .execute();
  for (const { team_id, ...endpoint } of rows) byTeam.get(team_id)?.push(endpoint);
  return byTeam;
}

/** The company of one of the caller's teams, or undefined; with `lock`, its row stays locked to the transaction. */
export function teamCompany(scope: EstateScope, teamId: number, options: { lock?: boolean } = {}) {
  return scope.db
    .selectFrom('teams')
    .select(['teams.id', 'teams.company_id'])
    .where('teams.id', '=', teamId)
    .where((eb) => teamsInEstate(eb, scope))
    .$if(options.lock === true, (query) => query.forUpdate())
    .executeTakeFirst();
}

/** Of `endpointIds`, those of the caller's estate, with their company and type. */
export function endpointsAmong(scope: EstateScope, endpointIds: readonly number[]) {
  if (endpointIds.length === 0) return Promise.resolve([]);
  return scope.db
    .selectFrom('endpoints')
    .select(['endpoints.id', 'endpoints.company_id', 'endpoints.endpoint_type_id'])
    .where('endpoints.id', 'in', endpointIds)
    .where((eb) => endpointsInEstate(eb, scope))
    .execute();
}

export type TeamWrite = { companyId: number; name: string; endpointIds: readonly number[] };

/**
 * Adds or changes a team, in the caller's transaction (estate/scoped-write.ts); answers its id. Its devices become
 * exactly `endpointIds` among those the caller sees: memberships of devices outside their estate are kept
 * (decision 0076's rule), though a team the caller may change has none (decision 0118).
 */
export async function writeTeam(scope: EstateScope, teamId: number | undefined, team: TeamWrite): Promise<number> {
  const trx = scope.db;
  let id = teamId;
  if (id === undefined) {
    id = (
      await trx
        .insertInto('teams')
        .values({ company_id: team.companyId, name: team.name })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  } else {
    await trx.updateTable('teams').set({ name: team.name }).where('id', '=', id).execute();
    await trx
      .deleteFrom('team_endpoints')
      .where('team_id', '=', id)
      .where('endpoint_id', 'in', scope.endpoints())
      .execute();
  }
  if (team.endpointIds.length > 0) {
    await trx
      .insertInto('team_endpoints')
      .values(
        team.endpointIds.map((endpointId) => ({ team_id: id, endpoint_id: endpointId, company_id: team.companyId })),
      )
      .execute();
  }
  return id;
}

/** Deletes a team, in the caller's transaction; its memberships (devices' and users') go with it by cascade. */
export async function deleteTeam(scope: EstateScope, teamId: number): Promise<void> {
  await scope.db.deleteFrom('teams').where('id', '=', teamId).execute();
}
