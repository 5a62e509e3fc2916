import { API } from '@portal/contract';
import { notFound } from '../../http/errors.js';
import { endpointRoutes } from '../endpoint-routes.js';
import { findSite, listSites, siteNames } from './repository.js';

/** The sites of the caller's estate: a site-level user sees only their own. */
export const siteRoutes = endpointRoutes(API.sites, () => ({
  list: ({ scope, query }) => listSites(scope, query),
  names: async ({ scope }) => ({ value: await siteNames(scope) }),
  get: async ({ scope, params, query }) => {
    const site = await findSite(scope, params.id, query);
    if (!site) throw notFound();
    return site;
  },
}));
