import { API } from '@portal/contract';
import { operationRoutes } from '../operation-routes.js';
import { companyNames } from './repository.js';
import { addressesOfCompany, companiesOf, companyById } from './service.js';

/** The companies of the caller's estate: every signed-in user sees the names of theirs (the toolbar shows one). */
export const companyRoutes = operationRoutes(API.companies, () => ({
  list: ({ scope, query }) => companiesOf(scope, query),
  names: async ({ scope }) => ({ value: await companyNames(scope) }),
  get: ({ scope, params }) => companyById(scope, params.id),
  addresses: async ({ scope, params }) => ({ value: await addressesOfCompany(scope, params.id) }),
}));
