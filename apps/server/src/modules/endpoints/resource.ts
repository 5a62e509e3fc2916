import type { NamedRef } from '@portal/contract';
import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';

/** How `$expand=teams` reads the lines' teams: those of the caller's estate only. */
export type EndpointsContext = {
  teamsOf(endpointIds: number[]): Promise<ReadonlyMap<number, readonly NamedRef[]>>;
};

/**
 * What an estate list of endpoints may select, filter and sort on (spec 2.12 tables; counts for the dashboard), and
 * each line's teams as an expansion: the tables' Teams column and team selector (decision 0081).
 */
export const endpointsResource = defineODataResource<Database, 'endpoints' | 'sites' | 'companies', EndpointsContext>()(
  {
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
  },
);
