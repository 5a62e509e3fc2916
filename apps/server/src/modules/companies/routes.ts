import {
  AddressSchema,
  CompanySchema,
  IdParamSchema,
  NamedRefSchema,
  ODataQuerySchema,
  odataList,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Principal } from '../../auth/principal.js';
import { principalOf } from '../../auth/route-access.js';
import { estateScope, requireInEstate } from '../../estate/estate-scope.js';
import { errorResponses } from '../../http/errors.js';
import { runODataList } from '../../odata/index.js';
import { companiesResource } from './companies-resource.js';
import { addressesOf } from './queries.js';

const IdParams = z.object({ id: IdParamSchema });
const manageSites = {
  anyOf: [
    { code: 'ManageSite', accessType: 'Read' },
    { code: 'ManageSite', accessType: 'Write' },
  ],
} as const;

/** Addresses are site-management data (docs/decisions/0048): every way of reading them asks for this. */
const mayReadAddresses = (principal: Principal) =>
  manageSites.anyOf.some((grant) => principal.can(grant.code, grant.accessType));

/** The companies of the caller's estate: every signed-in user sees the names of theirs (the toolbar shows one). */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/companies',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['companies'],
        summary:
          "The companies of the caller's estate (OData: $select, $filter, $orderby, $top, $skip, $count, $expand=addresses, which needs ManageSite)",
        querystring: ODataQuerySchema,
        response: {
          200: odataList(
            CompanySchema.partial().extend({
              accountNumber: z.string().optional(),
              createdDate: z.string().optional(),
            }),
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) =>
      runODataList({
        db,
        baseQuery: db
          .selectFrom('companies')
          .where('companies.id', 'in', estateScope(db, principalOf(request)).companies()),
        resource: companiesResource,
        options: request.query,
        context: { db, mayReadAddresses: mayReadAddresses(principalOf(request)) },
      }),
  );

  app.get(
    '/api/companies/names',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['companies'],
        summary: "Id and name of each company in the caller's estate, by name",
        response: { 200: odataList(NamedRefSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const scope = estateScope(db, principalOf(request));
      const value = await db
        .selectFrom('companies')
        .select(['id', 'name'])
        .where('id', 'in', scope.companies())
        .orderBy('name')
        .orderBy('id')
        .execute();
      return { value };
    },
  );

  app.get(
    '/api/companies/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['companies'],
        summary: "A company of the caller's estate; with its addresses only for a caller with ManageSite",
        params: IdParams,
        response: { 200: CompanySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await requireInEstate(db, estateScope(db, principal), 'companies', request.params.id);
      const company = await db
        .selectFrom('companies')
        .select(['id', 'name'])
        .where('id', '=', request.params.id)
        .executeTakeFirstOrThrow();
      if (!mayReadAddresses(principal)) return company;
      return { ...company, addresses: (await addressesOf(db, [company.id])).get(company.id) ?? [] };
    },
  );

  app.get(
    '/api/companies/:id/addresses',
    {
      config: { access: manageSites },
      schema: {
        tags: ['companies'],
        summary: "A company's addresses, which sites can use",
        params: IdParams,
        response: { 200: odataList(AddressSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = estateScope(db, principalOf(request));
      await requireInEstate(db, scope, 'companies', request.params.id);
      return { value: (await addressesOf(db, [request.params.id])).get(request.params.id) ?? [] };
    },
  );
};
