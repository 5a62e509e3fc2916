import { z } from 'zod';
import { odataList } from '../api';
import { endpoint } from '../endpoint';
import { SiteListItemSchema } from '../entities/sites-and-teams';
import { ESTATE_READERS } from '../estate-readers';
import { ODataQuerySchema } from '../odata';
import { idParam } from '../params';
import { NamedRefSchema } from '../primitives';

const SiteIdParams = z.object({ id: idParam('site') });

// The sites of the caller's estate, for the estate cards, the site estate headings and the site selectors.

export const list = endpoint({
  method: 'GET',
  path: '/api/sites',
  summary: "The sites of the caller's estate (OData: $select, $filter, $orderby, $top, $skip, $count)",
  access: ESTATE_READERS.sites,
  query: ODataQuerySchema,
  response: odataList(SiteListItemSchema),
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
  response: SiteListItemSchema,
});
