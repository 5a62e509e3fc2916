import { API } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import { principalOf } from '../../auth/route-access.js';
import { operationRoutes } from '../operation-routes.js';
import { THEME_COOKIE } from '../partners/partner-of-request.js';
import { recentSignIns } from './repository.js';
import { type Caller, signInService } from './service.js';

const THEME_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export const callerOf = (request: FastifyRequest): Caller => ({
  requestId: request.id,
  address: request.ip,
  log: request.log,
});

/** The sign-in page brands itself from this next time; the web app reloads when it changes (spec 2.1). */
export function setThemeCookie(reply: FastifyReply, themeCode: string) {
  reply.setCookie(THEME_COOKIE, themeCode, { path: '/', sameSite: 'lax', maxAge: THEME_COOKIE_MAX_AGE_SECONDS });
}

/** Sign-in, tokens and the cookie notice (spec 7, Auth). */
export function loginRoutes(throttle: LoginThrottle) {
  return operationRoutes(API.login, (app) => {
    const signIn = signInService({ db: app.database.db, tokens: app.accessTokens, throttle });
    return {
      login: async ({ body, request, reply }) => {
        const { reply: tokens, themeCode } = await signIn.login(body, callerOf(request));
        setThemeCookie(reply, themeCode);
        return tokens;
      },
      dashLogin: ({ scope, request }) => signIn.dashLogin(scope, principalOf(request).sessionId),
      refresh: ({ body, request }) => signIn.refresh(body.refreshToken, callerOf(request)),
      revoke: async ({ body, request }) => {
        await signIn.revoke(body.refreshToken, callerOf(request));
        return {};
      },
      acceptCookiePolicy: async ({ scope, body, request }) => {
        await signIn.acceptCookiePolicy(scope, body, callerOf(request));
        return {};
      },
      signIns: ({ scope, request }) => recentSignIns(scope, principalOf(request).sessionId),
    };
  });
}
