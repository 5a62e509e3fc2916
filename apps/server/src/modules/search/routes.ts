import { API } from '@portal/contract';
import { endpointRoutes } from '../endpoint-routes.js';
import { parseSearchTerm } from './search-term.js';
import { search } from './service.js';

/**
 * The global search (spec 2.17). Its path is below /api/companies, so the contract declares it with the companies'
 * endpoints; the companies module registers the rest.
 */
export const searchRoutes = endpointRoutes({ search: API.companies.search }, () => ({
  search: async ({ scope, query }) => ({ value: await search(scope, parseSearchTerm(query.searchTerm), query) }),
}));
