import type { EndpointTypeId, NamedRef, ODataQuery } from '@portal/contract';
import type { Actor } from '../../db/audit.js';
import { writeAs } from '../../db/audit.js';
import { runODataList } from '../../odata/index.js';
import { endpointsInEstate, sitesInEstate, teamsInEstate } from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { type EndpointsContext, endpointsResource } from './resource.js';

/** Which of the caller's lines a list holds: one type, one site's or one team's, or all of them. */
export type LineSelection = { type?: EndpointTypeId; siteId?: number; teamId?: number };

/** A page of the caller's lines, each with its site's and company's names; `$expand=teams` adds their teams. */
export function listEndpoints(scope: EstateScope, selection: LineSelection, options: ODataQuery) {
  const { db } = scope;
  let baseQuery = db
    .selectFrom('endpoints')
    .innerJoin('companies', 'companies.id', 'endpoints.company_id')
    .leftJoin('sites', 'sites.id', 'endpoints.site_id')
    .where((eb) => endpointsInEstate(eb, scope));
  if (selection.type !== undefined) baseQuery = baseQuery.where('endpoints.endpoint_type_id', '=', selection.type);
  if (selection.siteId !== undefined) baseQuery = baseQuery.where('endpoints.site_id', '=', selection.siteId);
  if (selection.teamId !== undefined) {
    const members = db
      .selectFrom('team_endpoints')
      .select('team_endpoints.endpoint_id')
      .where('team_endpoints.team_id', '=', selection.teamId);
    baseQuery = baseQuery.where('endpoints.id', 'in', members);
  }
  const context: EndpointsContext = { teamsOf: (endpointIds) => teamsOfEndpoints(scope, endpointIds) };
  return runODataList({ db, baseQuery, resource: endpointsResource(scope), options, context });
}

/** The teams of each of `endpointIds` that the caller sees, by name (every asked id has an entry). */
export async function teamsOfEndpoints(scope: EstateScope, endpointIds: readonly number[]) {
  const byEndpoint = new Map<number, NamedRef[]>(endpointIds.map((id) => [id, []]));
  if (endpointIds.length === 0) return byEndpoint;
  const rows = await scope.db
    .selectFrom('team_endpoints')
    .innerJoin('teams', 'teams.id', 'team_endpoints.team_id')
    .select(['team_endpoints.endpoint_id', 'teams.id', 'teams.name'])
    .where('team_endpoints.endpoint_id', 'in', endpointIds)
    .where((eb) => teamsInEstate(eb, scope))
    .orderBy('teams.name')
    .orderBy('teams.id')
    .execute();
  for (const { endpoint_id, ...team } of rows) byEndpoint.get(endpoint_id)?.push(team);
  return byEndpoint;
}

/** One line of the caller's estate with its company's and site's names; undefined outside the estate. */
export function findEndpoint(scope: EstateScope, id: number) {
  return scope.db
    .selectFrom('endpoints')
    .innerJoin('companies', 'companies.id', 'endpoints.company_id')
    .leftJoin('sites', 'sites.id', 'endpoints.site_id')
    .select([
      'endpoints.id',
      'endpoints.name',
      'endpoints.identifier',
      'endpoints.endpoint_type_id',
      'endpoints.product',
      'endpoints.supplier_id',
      'endpoints.carrier_id',
      'endpoints.product_line_id',
      'endpoints.company_id',
      'companies.name as company_name',
      'endpoints.site_id',
      'sites.name as site_name',
    ])
    .where('endpoints.id', '=', id)
    .where((eb) => endpointsInEstate(eb, scope))
    .executeTakeFirst();
}
export type EndpointRow = NonNullable<Awaited<ReturnType<typeof findEndpoint>>>;

/** A site of the caller's estate, with its company; undefined outside it. */
export function findSite(scope: EstateScope, id: number) {
  return scope.db
    .selectFrom('sites')
    .select(['sites.id', 'sites.company_id'])
    .where('sites.id', '=', id)
    .where((eb) => sitesInEstate(eb, scope))
    .executeTakeFirst();
}

/** Those of `ids` that are teams of the caller's estate, with their companies. */
export function findTeams(scope: EstateScope, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return scope.db
    .selectFrom('teams')
    .select(['teams.id', 'teams.company_id'])
    .where('teams.id', 'in', ids)
    .where((eb) => teamsInEstate(eb, scope))
    .execute();
}

/** Renames a line of the caller's estate, as the caller. */
export async function renameEndpoint(scope: EstateScope, actor: Actor, id: number, name: string) {
  await writeAs(scope.db, actor, (trx) =>
    trx
      .updateTable('endpoints')
      .set({ name })
      .where('endpoints.id', '=', id)
      .where((eb) => endpointsInEstate(eb, scope))
      .execute(),
  );
}

/** Moves a line of the caller's estate to a site, as the caller; the schema keeps the site in the line's company. */
export async function moveEndpoint(scope: EstateScope, actor: Actor, id: number, siteId: number) {
  await writeAs(scope.db, actor, (trx) =>
    trx
      .updateTable('endpoints')
      .set({ site_id: siteId })
      .where('endpoints.id', '=', id)
      .where((eb) => endpointsInEstate(eb, scope))
      .execute(),
  );
}

/** Raised inside a write's transaction to roll it back. */
class LeavesEstate extends Error {}

/**
 * Makes `teamIds` the line's teams among those the caller sees, in one transaction as the caller. Memberships of
 * teams outside the caller's estate are not theirs to see, so they are kept as they were. A change that would take
 * the line out of the caller's estate (a team leader emptying their own team of it) is rolled back: 'leaves-estate'.
 */
export async function setEndpointTeams(
  scope: EstateScope,
  actor: Actor,
  endpoint: { id: number; companyId: number },
  teamIds: readonly number[],
): Promise<'done' | 'leaves-estate'> {
  try {
    await writeAs(scope.db, actor, async (trx) => {
      await trx
        .deleteFrom('team_endpoints')
        .where('team_endpoints.endpoint_id', '=', endpoint.id)
        .where('team_endpoints.team_id', 'in', scope.teams())
        .execute();
      if (teamIds.length > 0) {
        await trx
          .insertInto('team_endpoints')
          .values(
            teamIds.map((teamId) => ({ team_id: teamId, endpoint_id: endpoint.id, company_id: endpoint.companyId })),
          )
          .onConflict((conflict) => conflict.columns(['team_id', 'endpoint_id']).doNothing())
          .execute();
      }
      // Run by the transaction, the estate's subqueries see the new memberships.
      const stillVisible = await trx
        .selectFrom('endpoints')
        .select('endpoints.id')
        .where('endpoints.id', '=', endpoint.id)
        .where((eb) => endpointsInEstate(eb, scope))
        .executeTakeFirst();
      if (!stillVisible) throw new LeavesEstate();
    });
    return 'done';
  } catch (error) {
    if (error instanceof LeavesEstate) return 'leaves-estate';
    throw error;
  }
}
