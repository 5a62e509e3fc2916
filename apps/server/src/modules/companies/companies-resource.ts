import type { Address } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';
import { addressesOf } from './queries.js';

/** The fields a company list may select, filter and sort on, and its addresses as an expansion. */
export const companiesResource = defineODataResource<Database, 'companies', { db: Kysely<Database> }>()({
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
      load: async (keys, context): Promise<ReadonlyMap<number | string, readonly Address[]>> =>
        addressesOf(context.db, keys.map(Number)),
    },
  },
});
