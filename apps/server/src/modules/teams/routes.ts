import { API } from '@portal/contract';
import { notFound } from '../../http/errors.js';
import { endpointRoutes } from '../endpoint-routes.js';
import { findTeam, listTeams, teamNames } from './repository.js';

/** The teams of the caller's estate: a team-level user sees only their own. */
export const teamRoutes = endpointRoutes(API.teams, () => ({
  list: ({ scope, query }) => listTeams(scope, query),
  names: async ({ scope }) => ({ value: await teamNames(scope) }),
  get: async ({ scope, params, query }) => {
    const team = await findTeam(scope, params.id, query);
    if (!team) throw notFound();
    return team;
  },
}));
