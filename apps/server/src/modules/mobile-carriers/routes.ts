import { API } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { endpointRoutes } from '../endpoint-routes.js';
import * as halo from './first-carrier-service.js';
import type { Requester } from './requests.js';
import * as vertex from './second-carrier-service.js';

const requesterOf = (request: FastifyRequest): Requester => {
  const caller = principalOf(request);
  return { userId: caller.userId, userName: caller.userName, requestId: request.id };
};

/** Halo Mobile's routes (spec 7, Mobile carriers; docs/decisions/0080). */
export const firstCarrierRoutes = endpointRoutes(API.firstCarrier, (app) => ({
  details: ({ scope, params }) => halo.details(app.carriers.halo, scope, params.id),
  spendLimitStatus: ({ scope, params }) => halo.spendLimitStatus(app.carriers.halo, scope, params.id),
  simValidation: () => halo.simRule(app.carriers.halo),
  tariffAddons: ({ scope, query }) => halo.tariffAddons(app.carriers.halo, scope, query),
  simSwap: ({ scope, request, params, body }) =>
    halo.simSwap(app.carriers.halo, scope, requesterOf(request), params.id, body),
  spendLimitUnbar: ({ scope, request, params, body }) =>
    halo.spendLimitUnbar(app.carriers.halo, scope, requesterOf(request), params.id, body),
  changeBars: ({ scope, request, params, body }) =>
    halo.changeBars(app.carriers.halo, scope, requesterOf(request), params.id, body),
}));

/** Vertex Wireless's routes (spec 7, Mobile carriers; docs/decisions/0080). */
export const secondCarrierRoutes = endpointRoutes(API.secondCarrier, (app) => ({
  details: ({ scope, params }) => vertex.details(app.carriers.vertex, scope, params.supplierId, params.id),
  bars: ({ scope, params }) => vertex.bars(app.carriers.vertex, scope, params.supplierId, params.id),
  assignedBars: ({ scope, params }) => vertex.assignedBars(app.carriers.vertex, scope, params.supplierId, params.id),
  simValidation: ({ query }) => vertex.simRule(app.carriers.vertex, query.supplierId),
  simSwap: ({ scope, request, params, body }) =>
    vertex.simSwap(app.carriers.vertex, scope, requesterOf(request), params.id, body),
  toggleBar: ({ scope, request, params, body }) =>
    vertex.toggleBar(app.carriers.vertex, scope, requesterOf(request), params.id, body),
}));
