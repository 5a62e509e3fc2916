import { z } from 'zod';
import { anyOf } from '../access';
import { odataList } from '../api';
import { endpoint } from '../endpoint';
import { SiteDetailSchema, SiteSaveSchema } from '../entities/sites-and-teams';
import { ESTATE_READERS } from '../estate-readers';
import { ODataQuerySchema } from '../odata';
import { idParam } from '../params';
import { NamedRefSchema } from '../primitives';

const SiteIdParams = z.object({ id: idParam('site') });

// The sites of the caller's estate, for the estate cards, the site estate headings and the site selectors.

export const list = endpoint({
  method: 'GET',
  path: '/api/sites',
  summary:
    "The sites of the caller's estate (OData: $select, $filter, $orderby, $top, $skip, $count); with their address for Manage Sites",
  access: ESTATE_READERS.sites,
  query: ODataQuerySchema,
  response: odataList(SiteDetailSchema),
});

export const names = endpoint({
  method: 'GET',
  path: '/api/sites/names',
  summary: "Id and name of each site of the caller's estate, by name (for selectors)",
  access: ESTATE_READERS.sites,
  response: odataList(NamedRefSchema),
});

export const get = endpoint({
  method: 'GET',
  path: '/api/sites/:id',
  summary: "A site of the caller's estate (OData: $select, e.g. id,name)",
  access: ESTATE_READERS.sites,
  params: SiteIdParams,
  query: ODataQuerySchema.pick({ $select: true }),
  response: SiteDetailSchema,
});

// Manage Sites (spec 2.10, 2.11): saves need ManageSite Write, deletes ManageSite Delete (docs/decisions/0108).

export const create = endpoint({
  method: 'POST',
  path: '/api/sites',
  summary: "Add a site to a company of the caller's estate, at one of its addresses or a new one",
  access: anyOf('Write', 'ManageSite'),
  body: SiteSaveSchema,
  successStatus: 201,
  response: SiteDetailSchema,
});

export const update = endpoint({
  method: 'PUT',
  path: '/api/sites/:id',
  summary: "Change a site of the caller's estate: its name and address",
  access: anyOf('Write', 'ManageSite'),
  params: SiteIdParams,
  body: SiteSaveSchema,
  response: SiteDetailSchema,
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/api/sites/:id',
  summary: "Delete a site of the caller's estate that has no devices or contracts left (409 otherwise)",
  access: anyOf('Delete', 'ManageSite'),
  params: SiteIdParams,
  successStatus: 204,
  response: z.null(),
});
