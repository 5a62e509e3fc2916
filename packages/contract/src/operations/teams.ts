import { z } from 'zod';
import { anyOf } from '../access';
import { odataList } from '../api';
import { TeamListItemSchema, TeamSaveSchema } from '../entities/sites-and-teams';
import { ESTATE_READERS } from '../estate-readers';
import { ODataQuerySchema } from '../odata';
import { operation } from '../operation';
import { idParam } from '../params';
import { NamedRefSchema } from '../primitives';

const TeamIdParams = z.object({ id: idParam('team') });

// The teams of the caller's estate, for the estate cards, the team estate pages and the team selectors.

export const list = operation({
  method: 'GET',
  path: '/api/teams',
  summary:
    "The teams of the caller's estate (OData: $select, $filter, $orderby, $top, $skip, $count, $expand=EndPoints)",
  access: ESTATE_READERS.teams,
  query: ODataQuerySchema,
  response: odataList(TeamListItemSchema),
});

export const names = operation({
  method: 'GET',
  path: '/api/teams/names',
  summary: "Id and name of each team of the caller's estate, by name (for selectors)",
  access: ESTATE_READERS.teams,
  response: odataList(NamedRefSchema),
});

export const get = operation({
  method: 'GET',
  path: '/api/teams/:id',
  summary:
    "A team of the caller's estate (OData: $select; $expand=EndPoints adds its mobile devices of the caller's estate)",
  access: ESTATE_READERS.teams,
  params: TeamIdParams,
  query: ODataQuerySchema.pick({ $select: true, $expand: true }),
  response: TeamListItemSchema,
});

// Manage Teams (spec 2.10, 2.11): saves need ManageTeam Write, deletes ManageTeam Delete (docs/decisions/0108).

export const create = operation({
  method: 'POST',
  path: '/api/teams',
  summary: "Add a team to a company of the caller's estate, with mobile devices of that company",
  access: anyOf('Write', 'ManageTeam'),
  body: TeamSaveSchema,
  successStatus: 201,
  response: TeamListItemSchema,
});

export const update = operation({
  method: 'PUT',
  path: '/api/teams/:id',
  summary: "Change a team of the caller's estate: its name and the mobile devices in it",
  access: anyOf('Write', 'ManageTeam'),
  params: TeamIdParams,
  body: TeamSaveSchema,
  response: TeamListItemSchema,
});

export const remove = operation({
  method: 'DELETE',
  path: '/api/teams/:id',
  summary: "Delete a team of the caller's estate; its devices leave it (the devices stay)",
  access: anyOf('Delete', 'ManageTeam'),
  params: TeamIdParams,
  successStatus: 204,
  response: z.null(),
});
