import { API, LOGIN_ERROR_CODES, type LoginReply } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import { principalOf } from '../../auth/route-access.js';
import { invalidField, OAuthFailure } from '../../http/errors.js';
import { operationRoutes } from '../operation-routes.js';
import { rememberTheme } from '../partners/partner-of-request.js';
import { relyingPartyOf } from '../passkeys/relying-party.js';
import { type TwoStepDependencies, twoStepService } from '../two-step/service.js';
import { recentSignIns } from './repository.js';
import { type Caller, signInService, type WithRefreshToken } from './service.js';
import { clearSessionCookies, deliveryOf, refreshCookieOf, setSessionCookies } from './session-cookie.js';

export const callerOf = (request: FastifyRequest): Caller => ({
  requestId: request.id,
  address: request.ip,
  userAgent: request.headers['user-agent'],
  log: request.log,
});

/**
 * The refresh token a refresh or revoke names: the session cookie's when the request opted into it (the form field is
 * then not read), else the form field, which is required.
 */
function presentedToken(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  if (deliveryOf(request.headers) === 'cookie') return refreshCookieOf(request);
  if (fromBody === undefined) throw invalidField('refreshToken', 'required', 'Required');
  return fromBody;
}

/** The answer's JSON, with the browser's refresh token set in its cookie. */
function answer<Reply>(request: FastifyRequest, reply: FastifyReply, { reply: body, cookie }: WithRefreshToken<Reply>) {
  if (cookie) setSessionCookies(request, reply, cookie);
  return body;
}

/**
 * The answer of a finished sign-in, whichever way it went (password, second step, single sign-on): its tokens, the
 * browser's refresh token in its cookie, and the theme the sign-in page brands itself with next time (spec 2.1);
 * the web app reloads when the theme changes.
 */
export function signedInAnswer<Reply extends LoginReply>(
  { themeCode, ...tokens }: WithRefreshToken<Reply> & { themeCode: string },
  request: FastifyRequest,
  reply: FastifyReply,
): Reply {
  rememberTheme(reply, themeCode);
  return answer(request, reply, tokens);
}

/** Sign-in, tokens and the cookie notice (spec 7, Auth), and the second step of a sign-in (decision 0207). */
export function loginRoutes(throttles: { signIn: LoginThrottle } & TwoStepDependencies['throttles']) {
  return operationRoutes(API.login, (app) => {
    const db = app.database.db;
    const twoStep = twoStepService({ db, secrets: app.secretBox, throttles });
    const signIn = signInService({ db, tokens: app.accessTokens, throttle: throttles.signIn, twoStep });
    return {
      login: async ({ body, request, reply }) =>
        signedInAnswer(await signIn.login(body, callerOf(request), deliveryOf(request.headers)), request, reply),
      secondStep: async ({ body: { passkey, ...body }, request, reply }) => {
        // A passkey's assertion is checked for the portal's relying party (decision 0209).
        const answer = passkey
          ? { passkey: { assertion: passkey, relyingParty: relyingPartyOf(app.config, request) } }
          : {};
        return signedInAnswer(
          await signIn.completeSecondStep({ ...body, ...answer }, callerOf(request), deliveryOf(request.headers)),
          request,
          reply,
        );
      },
      enrolAuthenticator: ({ body, request }) => twoStep.enrolAtSignIn(body.challenge, callerOf(request)),
      confirmEnrolment: async ({ body, request, reply }) =>
        signedInAnswer(
          await signIn.confirmEnrolment(body, callerOf(request), deliveryOf(request.headers)),
          request,
          reply,
        ),
      dashLogin: ({ scope, request }) =>
        signIn.dashLogin(scope, principalOf(request).sessionId, deliveryOf(request.headers)),
      refresh: async ({ body, request, reply }) => {
        const delivery = deliveryOf(request.headers);
        try {
          const token = presentedToken(request, body.refreshToken);
          if (token === undefined) throw new OAuthFailure(LOGIN_ERROR_CODES.invalidGrant);
          return answer(request, reply, await signIn.refresh(token, callerOf(request), delivery));
        } catch (error) {
          // A cookie the server refuses is of no more use: the browser forgets it, and its signed-in flag with it.
          if (delivery === 'cookie') clearSessionCookies(request, reply);
          throw error;
        }
      },
      revoke: async ({ body, request, reply }) => {
        const token = presentedToken(request, body.refreshToken);
        if (deliveryOf(request.headers) === 'cookie') clearSessionCookies(request, reply);
        if (token !== undefined) await signIn.revoke(token, callerOf(request));
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
