import { API } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import { callerOf, signedInAnswer } from '../login/routes.js';
import { signInService } from '../login/service.js';
import { deliveryOf } from '../login/session-cookie.js';
import { actorOf, operationRoutes } from '../operation-routes.js';
import { type TwoStepDependencies, twoStepService } from '../two-step/service.js';
import { oidcProviders } from './oidc-client.js';
import { ssoAdminService, ssoApprovalService } from './service.js';
import { SSO_SIGN_IN_MINUTES, ssoSignInService } from './sign-in-service.js';

/** Binds a sign-in under way to the browser that began it, so nobody can finish it in another's (login CSRF). */
const BROWSER_COOKIE = 'portal_sso';
const BROWSER_COOKIE_PATH = '/api/login/sso';

/** The web app's page the provider sends the browser back to. */
export const ssoRedirectUri = (publicUrl: string) => new URL('single-sign-on', publicUrl).href;

function setBrowserCookie(request: FastifyRequest, reply: FastifyReply, value: string | undefined) {
  const options = {
    path: BROWSER_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
  };
  if (value === undefined) reply.clearCookie(BROWSER_COOKIE, options);
  else reply.setCookie(BROWSER_COOKIE, value, { ...options, maxAge: SSO_SIGN_IN_MINUTES * 60 });
}

/** Single sign-on over OpenID Connect (docs/decisions/0208): the connection, its approval, and signing in. */
export function ssoRoutes(throttles: { signIn: LoginThrottle } & TwoStepDependencies['throttles']) {
  return operationRoutes(API.sso, (app) => {
    const db = app.database.db;
    const redirectUri = ssoRedirectUri(app.config.publicUrl);
    const admin = ssoAdminService({
      box: app.secretBox,
      redirectUri,
      allowHttpIssuers: app.config.ssoAllowHttpIssuers,
    });
    const approvals = ssoApprovalService();
    const signIn = ssoSignInService({
      db,
      box: app.secretBox,
      providers: oidcProviders({ allowHttp: app.config.ssoAllowHttpIssuers }),
      throttle: throttles.signIn,
      signIn: signInService({
        db,
        tokens: app.accessTokens,
        throttle: throttles.signIn,
        twoStep: twoStepService({ db, secrets: app.secretBox, throttles }),
      }),
      redirectUri,
    });
    return {
      companySso: ({ scope, params }) => admin.companySso(scope, params.id),
      saveCompanySso: ({ scope, request, params, body }) => admin.save(scope, actorOf(scope, request), params.id, body),
      removeCompanySso: ({ scope, request, params }) => admin.remove(scope, actorOf(scope, request), params.id),
      approvals: ({ scope }) => approvals.list(scope),
      approve: ({ scope, request, body }) => approvals.decide(scope, actorOf(scope, request), body),
      start: async ({ body, request, reply }) => {
        const { authorizationUrl, browserToken } = await signIn.start(body.login, callerOf(request));
        setBrowserCookie(request, reply, browserToken);
        return { authorizationUrl };
      },
      complete: async ({ body, request, reply }) => {
        const browserToken = request.cookies[BROWSER_COOKIE];
        // Whatever the outcome, the sign-in it bound is used up.
        setBrowserCookie(request, reply, undefined);
        const signedIn = await signIn.complete(body, browserToken, callerOf(request), deliveryOf(request.headers));
        return signedInAnswer(signedIn, request, reply);
      },
    };
  });
}
