import { API } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { operationRoutes } from '../operation-routes.js';
import { type SessionCaller, sessionService } from './service.js';

const callerOf = (request: FastifyRequest): SessionCaller => ({
  requestId: request.id,
  address: request.ip,
  sessionId: principalOf(request).sessionId,
});

/** The caller's own sessions: the list, ending one, signing out everywhere else (docs/decisions/0211). */
export const sessionRoutes = operationRoutes(API.sessions, () => {
  const sessions = sessionService();
  return {
    list: ({ scope, request }) => sessions.list(scope, callerOf(request)),
    end: async ({ scope, body, request }) => {
      await sessions.end(scope, body.sessionId, callerOf(request));
      return {};
    },
    endOthers: ({ scope, request }) => sessions.endOthers(scope, callerOf(request)),
  };
});
