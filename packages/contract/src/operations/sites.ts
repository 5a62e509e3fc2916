import { z } from 'zod';
import { anyOf } from '../access';
import { odataList } from '../api';
import {
  SiteDeletionCheckSchema,
  SiteDetailSchema,
  SiteLinesMovedSchema,
  SiteLinesMoveSchema,
  SiteSaveSchema,
} from '../entities/sites-and-teams';
import { ESTATE_LINE_WRITERS, ESTATE_READERS } from '../estate-readers';
import { ODataQuerySchema } from '../odata';
import { operation } from '../operation';
import { idParam } from '../params';
import { NamedRefSchema } from '../primitives';

const SiteIdParams = z.object({ id: idParam('site') });

// The sites of the caller's estate, for the estate cards, the site estate headings and the site selectors.

export const list = operation({
  method: 'GET',
  path: '/api/sites',
  summary:
    "The sites of the caller's estate (OData: $select, $filter, $orderby, $top, $skip, $count); with their address for Manage Sites",
  access: ESTATE_READERS.sites,
  query: ODataQuerySchema,
  response: odataList(SiteDetailSchema),
});

export const names = operation({
  method: 'GET',
  path: '/api/sites/names',
  summary: "Id and name of each site of the caller's estate, by name (for selectors)",
  access: ESTATE_READERS.sites,
  response: odataList(NamedRefSchema),
});

export const get = operation({
  method: 'GET',
  path: '/api/sites/:id',
  summary: "A site of the caller's estate (OData: $select, e.g. id,name)",
  access: ESTATE_READERS.sites,
  params: SiteIdParams,
  query: ODataQuerySchema.pick({ $select: true }),
  response: SiteDetailSchema,
});

// Manage Sites (spec 2.10, 2.11): saves need ManageSite Write, deletes ManageSite Delete (docs/decisions/0108).

export const create = operation({
  method: 'POST',
  path: '/api/sites',
  summary: "Add a site to a company of the caller's estate, at one of its addresses or a new one",
  access: anyOf('Write', 'ManageSite'),
  body: SiteSaveSchema,
  successStatus: 201,
  response: SiteDetailSchema,
});

export const update = operation({
  method: 'PUT',
  path: '/api/sites/:id',
  summary: "Change a site of the caller's estate: its name and address",
  access: anyOf('Write', 'ManageSite'),
  params: SiteIdParams,
  body: SiteSaveSchema,
  response: SiteDetailSchema,
});

export const remove = operation({
  method: 'DELETE',
  path: '/api/sites/:id',
  summary:
    "Delete a site of the caller's estate that has no devices or contracts left and is no user's only site (409 otherwise)",
  access: anyOf('Delete', 'ManageSite'),
  params: SiteIdParams,
  successStatus: 204,
  response: z.null(),
});

export const deletionCheck = operation({
  method: 'GET',
  path: '/api/sites/:id/deletionCheck',
  summary:
    "What stands in the way of deleting a site of the caller's estate: its devices and contracts, and the users it is the only site of (decision 0127)",
  access: anyOf('Delete', 'ManageSite'),
  params: SiteIdParams,
  response: SiteDeletionCheckSchema,
});

export const moveLines = operation({
  method: 'POST',
  path: '/api/sites/:id/moveLines',
  summary:
    "Move every device and contract on a site of the caller's estate to another site of its company, in one step (decision 0128). Needs Write on an estate code of each kind moved; a site outside the estate answers 404",
  access: ESTATE_LINE_WRITERS,
  params: SiteIdParams,
  body: SiteLinesMoveSchema,
  response: SiteLinesMovedSchema,
});
