import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';

/** What a list of sites may select, filter and sort on: the site, the name of its company and its address. */
export const sitesResource = defineODataResource<Database, 'sites' | 'companies' | 'addresses'>()({
  name: 'sites',
  fields: {
    id: { type: 'number', column: 'sites.id' },
    name: { type: 'string', column: 'sites.name' },
    companyId: { type: 'number', column: 'sites.company_id' },
    companyName: { type: 'string', column: 'companies.name' },
    addressId: { type: 'number', column: 'sites.address_id' },
    line1: { type: 'string', column: 'addresses.line1', nullable: true },
    line2: { type: 'string', column: 'addresses.line2', nullable: true },
    line3: { type: 'string', column: 'addresses.line3', nullable: true },
    town: { type: 'string', column: 'addresses.town' },
    county: { type: 'string', column: 'addresses.county' },
    postCode: { type: 'string', column: 'addresses.post_code' },
  },
  key: 'sites.id',
  defaultOrder: [{ field: 'name', direction: 'asc' }],
  maxTop: 100,
});
