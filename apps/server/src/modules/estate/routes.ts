import { API, ENDPOINT_TYPE } from '@portal/contract';
import { actorOf, operationRoutes } from '../operation-routes.js';
import {
  changeName,
  changeSite,
  changeTeams,
  devicesOfTeam,
  endpointById,
  endpointList,
  endpointsOfSite,
} from './service.js';

/** The caller's mobile devices and broadband contracts: lists (`$count=true&$top=0` counts them), one, and edits. */
export const estateRoutes = operationRoutes(API.estate, () => ({
  mobileHandsetsOfUser: ({ scope, query }) => endpointList(scope, { type: ENDPOINT_TYPE.mobile }, query),
  broadbandConnectionsOfUser: ({ scope, query }) => endpointList(scope, { type: ENDPOINT_TYPE.broadband }, query),
  mobileHandsetsOfSite: ({ scope, params, query }) => endpointsOfSite(scope, ENDPOINT_TYPE.mobile, params.id, query),
  mobileHandsetsOfTeam: ({ scope, params, query }) => devicesOfTeam(scope, params.id, query),
  broadbandConnectionsOfSite: ({ scope, params, query }) =>
    endpointsOfSite(scope, ENDPOINT_TYPE.broadband, params.id, query),
  list: ({ scope, query }) => endpointList(scope, {}, query),
  get: ({ scope, params }) => endpointById(scope, params.id),
  changeName: ({ scope, request, params, body }) => changeName(scope, actorOf(scope, request), params.id, body),
  changeSite: ({ scope, request, params, body }) => changeSite(scope, actorOf(scope, request), params.id, body),
  changeTeams: ({ scope, request, params, body }) => changeTeams(scope, actorOf(scope, request), params.id, body),
}));
