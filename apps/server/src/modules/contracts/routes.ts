import {
  ContractProductSchema,
  type ContractProductType,
  ContractSchema,
  IdParamSchema,
  NonEmptyStringSchema,
  odataList,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../auth/route-access.js';
import { estateScope } from '../../estate/estate-scope.js';
import { errorResponses } from '../../http/errors.js';
import { readableContractTypes, readContracts } from './contract-access.js';
import { contractProducts, findContract } from './contract-queries.js';

const IdParams = z.object({ id: IdParamSchema });
const CliParams = z.object({ cli: NonEmptyStringSchema.max(32) });
const OrderItemParams = z.object({ orderItemId: IdParamSchema });

const productLists: ReadonlyArray<{ path: string; type: ContractProductType }> = [
  { path: '/api/contracts/orderitemadditionalproducts/:orderItemId', type: 'Additional' },
  { path: '/api/contracts/orderiteminclusiveproducts/:orderItemId', type: 'Inclusive' },
];

/** Contracts of mobile devices and broadband lines (spec 2.14, 2.15, 7): by id, by the line's number, products. */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const readerOf = (request: Parameters<typeof principalOf>[0]) => {
    const principal = principalOf(request);
    return { scope: estateScope(db, principal), types: readableContractTypes(principal) };
  };

  app.get(
    '/api/contracts/:id',
    {
      config: { access: readContracts },
      schema: {
        tags: ['contracts'],
        summary: "A contract of the caller's estate by its id",
        params: IdParams,
        response: { 200: ContractSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { scope, types } = readerOf(request);
      return findContract(db, scope, types, { id: request.params.id });
    },
  );

  app.get(
    '/api/contracts/cli/:cli',
    {
      config: { access: readContracts },
      schema: {
        tags: ['contracts'],
        summary: "The current contract of a line of the caller's estate, by its mobile or phone number",
        params: CliParams,
        response: { 200: ContractSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { scope, types } = readerOf(request);
      return findContract(db, scope, types, { cli: request.params.cli });
    },
  );

  for (const { path, type } of productLists) {
    app.get(
      path,
      {
        config: { access: readContracts },
        schema: {
          tags: ['contracts'],
          summary: `The ${type.toLowerCase()} products of the contract an order item brought`,
          params: OrderItemParams,
          response: { 200: odataList(ContractProductSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { scope, types } = readerOf(request);
        return { value: await contractProducts(db, scope, types, request.params.orderItemId, type) };
      },
    );
  }
};
