import { z } from 'zod';
import { odataList } from '../api';
import { AddressSchema, CompanyListItemSchema, CompanySchema } from '../entities/estate';
import { ODataQuerySchema } from '../odata';
import { operation } from '../operation';
import { idParam } from '../params';
import { NamedRefSchema } from '../primitives';

const CompanyIdParams = z.object({ id: idParam('company') });

// The companies of the caller's estate (every signed-in user sees the names of theirs), and the global search.

export const list = operation({
  method: 'GET',
  path: '/api/companies',
  summary:
    "The companies of the caller's estate (OData: $select, $filter, $orderby, $top, $skip, $count, $expand=addresses, which needs ManageSite)",
  access: 'signed-in',
  query: ODataQuerySchema,
  response: odataList(CompanyListItemSchema),
});

export const names = operation({
  method: 'GET',
  path: '/api/companies/names',
  summary: "Id and name of each company in the caller's estate, by name (whatever the company filter)",
  access: 'signed-in',
  wholeEstate: true,
  response: odataList(NamedRefSchema),
});

export const get = operation({
  method: 'GET',
  path: '/api/companies/:id',
  summary: "A company of the caller's estate; with its addresses only for a caller with ManageSite",
  access: 'signed-in',
  params: CompanyIdParams,
  response: CompanySchema,
});

export const addresses = operation({
  method: 'GET',
  path: '/api/companies/:id/addresses',
  summary: "A company's addresses, which sites can use",
  access: {
    anyOf: [
      { code: 'ManageSite', accessType: 'Read' },
      { code: 'ManageSite', accessType: 'Write' },
    ],
  },
  params: CompanyIdParams,
  response: odataList(AddressSchema),
});
