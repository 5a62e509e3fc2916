import { API } from '@portal/contract';
import { operationRoutes } from '../operation-routes.js';
import { contractOf, productsOfContract } from './service.js';

/** Contracts of mobile devices and broadband lines (spec 2.14, 2.15, 7): by id, by the line's number, products. */
export const contractRoutes = operationRoutes(API.contracts, () => ({
  get: ({ scope, params }) => contractOf(scope, { id: params.id }),
  byCli: ({ scope, params }) => contractOf(scope, { cli: params.cli }),
  additionalProducts: async ({ scope, params }) => ({
    value: await productsOfContract(scope, params.orderItemId, 'Additional'),
  }),
  inclusiveProducts: async ({ scope, params }) => ({
    value: await productsOfContract(scope, params.orderItemId, 'Inclusive'),
  }),
}));
