import type { NamedRef } from '@portal/contract';
import { type Expression, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';
import { teamsInEstate } from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';

/** How `$expand=teams` reads the lines' teams: those of the caller's estate only. */
export type EndpointsContext = {
  teamsOf(endpointIds: number[]): Promise<ReadonlyMap<number, readonly NamedRef[]>>;
};

/**
 * The names of the line's teams that the caller sees, joined: what the Teams column's filter searches (issue 21).
 * Only the caller's teams, so a filter cannot tell which of the lines are in a team they may not see.
 */
function visibleTeamNames(scope: EstateScope): Expression<string | null> {
  const names = scope.db
    .selectFrom('team_endpoints')
    .innerJoin('teams', 'teams.id', 'team_endpoints.team_id')
    .select(sql<string>`string_agg(teams.name, ', ' order by teams.name)`.as('names'))
    .where(sql<boolean>`team_endpoints.endpoint_id = endpoints.id`)
    .where((eb) => teamsInEstate(eb, scope));
  return sql<string | null>`(${names})`;
}

/**
 * What an estate list of endpoints may select, filter and sort on (spec 2.12 tables; counts for the dashboard), and
 * each line's teams as an expansion: the tables' Teams column and team selector (decision 0081). `teamNames` is for
 * `$filter` only: the teams themselves come with `$expand=teams`.
 */
export function endpointsResource(scope: EstateScope) {
  return defineODataResource<Database, 'endpoints' | 'sites' | 'companies', EndpointsContext>()({
    name: 'endpoints',
    fields: {
      id: { type: 'number', column: 'endpoints.id' },
      name: { type: 'string', column: 'endpoints.name' },
      identifier: { type: 'string', column: 'endpoints.identifier' },
      endPointTypeId: { type: 'number', column: 'endpoints.endpoint_type_id' },
      product: { type: 'string', column: 'endpoints.product' },
      siteId: { type: 'number', column: 'endpoints.site_id', nullable: true },
      siteName: { type: 'string', column: 'sites.name', nullable: true },
      companyId: { type: 'number', column: 'endpoints.company_id' },
      companyName: { type: 'string', column: 'companies.name' },
      teamNames: {
        type: 'string',
        expression: visibleTeamNames(scope),
        nullable: true,
        selectable: false,
        sortable: false,
      },
    },
    key: 'endpoints.id',
    defaultOrder: [{ field: 'name', direction: 'asc' }],
    maxTop: 100,
    expansions: {
      teams: {
        load: (keys, context): Promise<ReadonlyMap<number | string, readonly NamedRef[]>> =>
          context.teamsOf(keys.map(Number)),
      },
    },
  });
}
