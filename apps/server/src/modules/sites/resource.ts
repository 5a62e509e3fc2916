import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';

const siteFields = {
  id: { type: 'number', column: 'sites.id' },
  name: { type: 'string', column: 'sites.name' },
  companyId: { type: 'number', column: 'sites.company_id' },
  companyName: { type: 'string', column: 'companies.name' },
} as const;

const common = { key: 'sites.id', defaultOrder: [{ field: 'name', direction: 'asc' }], maxTop: 100 } as const;

/** What a list of sites may select, filter and sort on: the site and the name of its company. */
export const sitesResource = defineODataResource<Database, 'sites' | 'companies'>()({
  name: 'sites',
  fields: siteFields,
  ...common,
});

/**
 * The same with the site's address, for Manage Sites (spec 2.10's columns): only a caller holding ManageSite reads
 * addresses (docs/decisions/0048).
 */
export const managedSitesResource = defineODataResource<Database, 'sites' | 'companies' | 'addresses'>()({
  name: 'sites',
  fields: {
    ...siteFields,
    addressId: { type: 'number', column: 'sites.address_id' },
    line1: { type: 'string', column: 'addresses.line1', nullable: true },
    line2: { type: 'string', column: 'addresses.line2', nullable: true },
    line3: { type: 'string', column: 'addresses.line3', nullable: true },
    town: { type: 'string', column: 'addresses.town' },
    county: { type: 'string', column: 'addresses.county' },
    postCode: { type: 'string', column: 'addresses.post_code' },
  },
  ...common,
});
