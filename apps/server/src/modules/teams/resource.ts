import type { TeamEndpointRef } from '@portal/contract';
import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';

/** How `$expand=EndPoints` reads the teams' devices: those of the caller's estate only. */
export type TeamsContext = {
  endpointsOf(teamIds: number[]): Promise<ReadonlyMap<number, readonly TeamEndpointRef[]>>;
};

/** What a list of teams may select, filter and sort on, and the teams' mobile devices as an expansion. */
export const teamsResource = defineODataResource<Database, 'teams' | 'companies', TeamsContext>()({
  name: 'teams',
  fields: {
    id: { type: 'number', column: 'teams.id' },
    name: { type: 'string', column: 'teams.name' },
    companyId: { type: 'number', column: 'teams.company_id' },
    companyName: { type: 'string', column: 'companies.name' },
  },
  key: 'teams.id',
  defaultOrder: [{ field: 'name', direction: 'asc' }],
  maxTop: 100,
  expansions: {
    endPoints: {
      load: (keys, context): Promise<ReadonlyMap<number | string, readonly TeamEndpointRef[]>> =>
        context.endpointsOf(keys.map(Number)),
    },
  },
});
