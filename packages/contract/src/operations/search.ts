import { odataList } from '../api';
import { SearchQuerySchema, SearchResultSchema } from '../entities/help-and-search';
import { operation } from '../operation';

// The global search (spec 2.17). Its path is below /api/companies, as the spec has it.

export const search = operation({
  method: 'GET',
  path: '/api/companies/search',
  summary: 'Search devices, contracts, orders, sites, teams, users and FAQs the caller may see',
  access: 'signed-in',
  query: SearchQuerySchema,
  response: odataList(SearchResultSchema),
});
