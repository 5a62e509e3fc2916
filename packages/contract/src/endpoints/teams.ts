import { z } from 'zod';
import { odataList } from '../api';
import { endpoint } from '../endpoint';
import { TeamListItemSchema } from '../entities/sites-and-teams';
import { ESTATE_READERS } from '../estate-readers';
import { ODataQuerySchema } from '../odata';
import { idParam } from '../params';
import { NamedRefSchema } from '../primitives';

const TeamIdParams = z.object({ id: idParam('team') });

// The teams of the caller's estate, for the estate cards, the team estate pages and the team selectors.

export const list = endpoint({
  method: 'GET',
  path: '/api/teams',
  summary:
    "The teams of the caller's estate (OData: $select, $filter, $orderby, $top, $skip, $count, $expand=EndPoints)",
  access: ESTATE_READERS.teams,
  query: ODataQuerySchema,
  response: odataList(TeamListItemSchema),
});

export const names = endpoint({
  method: 'GET',
  path: '/api/teams/names',
  summary: "Id and name of each team of the caller's estate, by name (for selectors)",
  access: ESTATE_READERS.teams,
  response: odataList(NamedRefSchema),
});

export const get = endpoint({
  method: 'GET',
  path: '/api/teams/:id',
  summary:
    "A team of the caller's estate (OData: $select; $expand=EndPoints adds its mobile devices of the caller's estate)",
  access: ESTATE_READERS.teams,
  params: TeamIdParams,
  query: ODataQuerySchema.pick({ $select: true, $expand: true }),
  response: TeamListItemSchema,
});
