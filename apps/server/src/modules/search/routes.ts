import { API } from '@portal/contract';
import { operationRoutes } from '../operation-routes.js';
import { parseSearchTerm } from './search-term.js';
import { search } from './service.js';

/** The global search (spec 2.17). */
export const searchRoutes = operationRoutes(API.search, () => ({
  search: async ({ scope, query }) => ({ value: await search(scope, parseSearchTerm(query.searchTerm), query) }),
}));
