import { odataList, SearchResultSchema, SearchResultTypeSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../auth/route-access.js';
import { estateScope } from '../../estate/estate-scope.js';
import { errorResponses } from '../../http/errors.js';
import { search } from './search.js';
import { parseSearchTerm } from './search-term.js';

const SearchQuerySchema = z.object({
  searchTerm: z.string().trim().min(3, 'Search needs at least 3 characters').max(100),
  type: SearchResultTypeSchema.optional(),
  /** Results per type. */
  count: z.coerce.number().int().min(1).max(50).default(5),
  /** Results in all, best first. */
  top: z.coerce.number().int().min(1).max(400).optional(),
});

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/search',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['search'],
        summary: 'Search devices, contracts, orders, sites, teams, users and FAQs the caller may see',
        querystring: SearchQuerySchema,
        response: { 200: odataList(SearchResultSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { db } = app.database;
      const { searchTerm, type, count, top } = request.query;
      const value = await search(db, estateScope(db, principal), principal, parseSearchTerm(searchTerm), {
        type,
        count,
        top,
      });
      return { value };
    },
  );
};
