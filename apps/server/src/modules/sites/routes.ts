import { API } from '@portal/contract';
import { actorOf, operationRoutes } from '../operation-routes.js';
import { listSites, siteNames } from './repository.js';
import { moveSiteLines, removeSite, saveSite, siteById, siteDeletionCheck } from './service.js';

/** The sites of the caller's estate (a site-level user sees only their own), and Manage Sites' saves and deletes. */
export const siteRoutes = operationRoutes(API.sites, () => ({
  list: ({ scope, query }) => listSites(scope, query),
  names: async ({ scope }) => ({ value: await siteNames(scope) }),
  get: ({ scope, params, query }) => siteById(scope, params.id, query.$select),
  create: ({ scope, request, body }) => saveSite(scope, actorOf(scope, request), undefined, body),
  update: ({ scope, request, params, body }) => saveSite(scope, actorOf(scope, request), params.id, body),
  remove: async ({ scope, request, params }) => removeSite(scope, actorOf(scope, request), params.id),
  deletionCheck: ({ scope, params }) => siteDeletionCheck(scope, params.id),
  moveLines: ({ scope, request, params, body }) => moveSiteLines(scope, actorOf(scope, request), params.id, body),
}));
