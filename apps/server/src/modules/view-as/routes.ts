import { API } from '@portal/contract';
import { principalOf } from '../../auth/route-access.js';
import { callerOf } from '../login/routes.js';
import { clearSessionCookies, deliveryOf, setSessionCookies } from '../login/session-cookie.js';
import { operationRoutes } from '../operation-routes.js';
import { viewAsService } from './service.js';

/**
 * View as customer (decision 0220): partner staff start a read-only, time-limited session of one of their partner's
 * customer users; anyone in such a view reads it and ends it.
 */
export const viewAsRoutes = operationRoutes(API.viewAs, (app) => {
  const service = viewAsService({ db: app.database.db, tokens: app.accessTokens });
  return {
    candidate: async ({ request, params }) => {
      const { roles: _roles, ...user } = await service.candidate(principalOf(request), params.userId);
      return user;
    },
    start: async ({ request, reply, params, body }) => {
      const started = await service.start(
        principalOf(request),
        params.userId,
        body,
        callerOf(request),
        deliveryOf(request.headers),
      );
      if (started.cookie) setSessionCookies(request, reply, started.cookie);
      return started.reply;
    },
    current: ({ request }) => service.current(principalOf(request)),
    end: async ({ request, reply }) => {
      const ended = await service.end(principalOf(request), callerOf(request), deliveryOf(request.headers));
      if (ended.cookie) setSessionCookies(request, reply, ended.cookie);
      else if (deliveryOf(request.headers) === 'cookie') clearSessionCookies(request, reply);
      return ended.reply;
    },
  };
});
