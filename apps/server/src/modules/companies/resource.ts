import type { Address } from '@portal/contract';
import type { Database } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { defineODataResource } from '../../odata/index.js';

/** How the list reads addresses for `$expand`; undefined when the caller may not read them. */
export type CompaniesContext = {
  addressesOf: ((companyIds: number[]) => Promise<ReadonlyMap<number, readonly Address[]>>) | undefined;
};

/** The fields a company list may select, filter and sort on, and its addresses as an expansion. */
export const companiesResource = defineODataResource<Database, 'companies', CompaniesContext>()({
  name: 'companies',
  fields: {
    id: { type: 'number', column: 'companies.id' },
    name: { type: 'string', column: 'companies.name' },
    accountNumber: { type: 'string', column: 'companies.account_number' },
    createdDate: { type: 'datetime', column: 'companies.created_at' },
  },
  key: 'companies.id',
  defaultOrder: [{ field: 'name', direction: 'asc' }],
  maxTop: 100,
  expansions: {
    addresses: {
      // Asking for addresses without ManageSite is refused, not answered without them (docs/decisions/0048).
      load: async (keys, context): Promise<ReadonlyMap<number | string, readonly Address[]>> => {
        if (!context.addressesOf) {
          throw forbidden('Addresses need one of: ManageSite Read, ManageSite Write', {
            code: 'missing_functionality',
          });
        }
        return context.addressesOf(keys.map(Number));
      },
    },
  },
});
