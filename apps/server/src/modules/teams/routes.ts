import { API } from '@portal/contract';
import { actorOf, operationRoutes } from '../operation-routes.js';
import { listTeams, teamNames } from './repository.js';
import { removeTeam, saveTeam, teamById } from './service.js';

/** The teams of the caller's estate (a team-level user sees only their own), and Manage Teams' saves and deletes. */
export const teamRoutes = operationRoutes(API.teams, () => ({
  list: ({ scope, query }) => listTeams(scope, query),
  names: async ({ scope }) => ({ value: await teamNames(scope) }),
  get: ({ scope, params, query }) => teamById(scope, params.id, query),
  create: ({ scope, request, body }) => saveTeam(scope, actorOf(scope, request), undefined, body),
  update: ({ scope, request, params, body }) => saveTeam(scope, actorOf(scope, request), params.id, body),
  remove: async ({ scope, request, params }) => removeTeam(scope, actorOf(scope, request), params.id),
}));
