import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';

/** What a list of sites may select, filter and sort on: the site and the name of its company. */
export const sitesResource = defineODataResource<Database, 'sites' | 'companies'>()({
  name: 'sites',
  fields: {
    id: { type: 'number', column: 'sites.id' },
    name: { type: 'string', column: 'sites.name' },
    companyId: { type: 'number', column: 'sites.company_id' },
    companyName: { type: 'string', column: 'companies.name' },
  },
  key: 'sites.id',
  defaultOrder: [{ field: 'name', direction: 'asc' }],
  maxTop: 100,
});
