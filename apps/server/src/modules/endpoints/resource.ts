import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';

/** What an estate list of endpoints may select, filter and sort on (spec 2.12 tables; counts for the dashboard). */
export const endpointsResource = defineODataResource<Database, 'endpoints' | 'sites'>()({
  name: 'endpoints',
  fields: {
    id: { type: 'number', column: 'endpoints.id' },
    name: { type: 'string', column: 'endpoints.name' },
    identifier: { type: 'string', column: 'endpoints.identifier' },
    endPointTypeId: { type: 'number', column: 'endpoints.endpoint_type_id' },
    product: { type: 'string', column: 'endpoints.product' },
    siteId: { type: 'number', column: 'endpoints.site_id', nullable: true },
    siteName: { type: 'string', column: 'sites.name', nullable: true },
  },
  key: 'endpoints.id',
  defaultOrder: [{ field: 'name', direction: 'asc' }],
  maxTop: 100,
});
