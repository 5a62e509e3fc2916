import type { Address } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { defineODataResource } from '../../odata/index.js';
import { addressesOf } from './queries.js';

/** The fields a company list may select, filter and sort on, and its addresses as an expansion. */
export type CompaniesContext = { db: Kysely<Database>; mayReadAddresses: boolean };

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
        if (!context.mayReadAddresses) {
          throw forbidden('Addresses need one of: ManageSite Read, ManageSite Write', {
            code: 'missing_functionality',
          });
        }
        return addressesOf(context.db, keys.map(Number));
      },
    },
  },
});
