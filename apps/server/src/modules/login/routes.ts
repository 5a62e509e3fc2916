import { API, type LoginReply } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import { principalOf } from '../../auth/route-access.js';
import { operationRoutes } from '../operation-routes.js';
import { THEME_COOKIE } from '../partners/partner-of-request.js';
import { type TwoStepDependencies, twoStepService } from '../two-step/service.js';
import { recentSignIns } from './repository.js';
import { type Caller, signInService } from './service.js';

const THEME_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export const callerOf = (request: FastifyRequest): Caller => ({
  requestId: request.id,
  address: request.ip,
  log: request.log,
});

/** Sign-in, tokens and the cookie notice (spec 7, Auth), and the second step of a sign-in (decision 0207). */
export function loginRoutes(throttles: { signIn: LoginThrottle } & TwoStepDependencies['throttles']) {
  return operationRoutes(API.login, (app) => {
    const db = app.database.db;
    const twoStep = twoStepService({ db, secrets: app.secretBox, throttles });
    const signIn = signInService({ db, tokens: app.accessTokens, throttle: throttles.signIn, twoStep });
    /** The tokens of a sign-in, and the theme the sign-in page brands itself with next time (spec 2.1). */
    const signedIn = ({ reply: tokens, themeCode }: { reply: LoginReply; themeCode: string }, reply: FastifyReply) => {
      // The web app reloads when it changes.
      reply.setCookie(THEME_COOKIE, themeCode, { path: '/', sameSite: 'lax', maxAge: THEME_COOKIE_MAX_AGE_SECONDS });
      return tokens;
    };
    return {
      login: async ({ body, request, reply }) => signedIn(await signIn.login(body, callerOf(request)), reply),
      secondStep: async ({ body, request, reply }) =>
        signedIn(await signIn.completeSecondStep(body, callerOf(request)), reply),
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
