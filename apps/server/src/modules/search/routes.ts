import { API } from '@portal/contract';
import { endpointRoutes } from '../endpoint-routes.js';
import { parseSearchTerm } from './search-term.js';
import { search } from './service.js';

/** The global search (spec 2.17). */
export const searchRoutes = endpointRoutes(API.search, () => ({
  search: async ({ scope, query }) => ({ value: await search(scope, parseSearchTerm(query.searchTerm), query) }),
}));
