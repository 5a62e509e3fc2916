import {
  AcceptCookiePolicyRequestSchema,
  ApiErrorSchema,
  DashLoginReplySchema,
  EmptyReplySchema,
  LOGIN_ERROR_CODES,
  type LoginErrorCode,
  LoginReplySchema,
  LoginRequestSchema,
  OAuthErrorSchema,
  RefreshRequestSchema,
  RevokeRequestSchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS_TOKEN_SECONDS, type Audience } from '../../auth/access-tokens.js';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import { revokeSessionOf, rotate, startSession } from '../../auth/refresh-tokens.js';
import { principalOf } from '../../auth/route-access.js';
import { recordEvent, writeAs } from '../../db/audit.js';
import { errorResponses } from '../../http/errors.js';
import { THEME_COOKIE } from '../partners/partner-of-request.js';
import { authenticate, findSignInUser, type SignInUser } from './credentials.js';
import { tooManyAttempts } from './password-routes.js';

/** Version of the cookie policy a consent is recorded against. */
const COOKIE_POLICY_VERSION = '2026-11';

/** Credentials problems answer in OAuth's shape; a malformed request in the usual error shape naming the field. */
const SignInErrorSchema = OAuthErrorSchema.or(ApiErrorSchema);

const ERROR_DESCRIPTIONS: Record<LoginErrorCode | 'invalid_request', string> = {
  invalid_grant: 'Invalid username or password.',
  requires_password_reset: 'The password must be changed before signing in.',
  cookies_policy: 'The cookie policy must be accepted before signing in.',
  invalid_request: 'The request is not valid.',
};

function oauthError(request: FastifyRequest, reply: FastifyReply, error: LoginErrorCode | 'invalid_request') {
  return reply.code(400).send({ error, error_description: ERROR_DESCRIPTIONS[error], requestId: request.id });
}

export function authRoutes(signInThrottle: LoginThrottle): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.database;

    async function accessTokenFor(
      user: Pick<SignInUser, 'id' | 'userName' | 'emailAddress' | 'profileName' | 'roles'>,
      sessionId: string,
      audience: Audience,
    ) {
      return app.accessTokens.issue(
        {
          userId: user.id,
          sessionId,
          given_name: user.userName,
          email: user.emailAddress,
          profile: user.profileName,
          roles: user.roles,
        },
        audience,
      );
    }

    app.post(
      '/api/login',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with username and password (form-encoded)',
          consumes: ['application/x-www-form-urlencoded'],
          body: LoginRequestSchema,
          response: { 200: LoginReplySchema, 400: SignInErrorSchema, ...errorResponses(429) },
        },
      },
      async (request, reply) => {
        const { username, password, cookiePolicyAccepted } = request.body;
        const actor = { userId: null, requestId: request.id };
        const gate = signInThrottle.check(username, request.ip);
        if (!gate.allowed) throw tooManyAttempts(reply, gate.retryAfterSeconds);
        const user = await authenticate(db, username, password);
        if (!user) {
          const next = signInThrottle.recordFailure(username, request.ip);
          await recordEvent(db, {
            action: 'login.failed',
            actor,
            details: { userName: username, address: request.ip },
          });
          if (!next.allowed) throw tooManyAttempts(reply, next.retryAfterSeconds);
          return oauthError(request, reply, LOGIN_ERROR_CODES.invalidGrant);
        }
        signInThrottle.recordSuccess(username, request.ip);
        const signedInActor = { userId: user.id, requestId: request.id };
        if (user.mustChangePassword) {
          await recordEvent(db, { action: 'login.password_change_required', actor: signedInActor });
          return oauthError(request, reply, LOGIN_ERROR_CODES.requiresPasswordReset);
        }
        if (!user.cookiePolicyAccepted && !cookiePolicyAccepted) {
          return oauthError(request, reply, LOGIN_ERROR_CODES.cookiesPolicy);
        }
        const session = await startSession(db, user.id, 'main');
        // The sign-in page brands itself from this next time; the web app reloads when it changes (spec 2.1).
        reply.setCookie(THEME_COOKIE, user.themeCode, { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600 });
        await recordEvent(db, {
          action: 'login.succeeded',
          actor: signedInActor,
          details: { address: request.ip, sessionId: session.familyId },
        });
        return {
          token: { access_token: await accessTokenFor(user, session.familyId, 'main'), refresh_token: session.token },
          expiresIn: ACCESS_TOKEN_SECONDS,
          roles: user.roles,
        };
      },
    );

    app.post(
      '/api/login/dash',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['auth'],
          summary: 'Issue the analytics (dash) token set for the current session',
          response: { 200: DashLoginReplySchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const user = await findSignInUser(db, { userId: principal.userId });
        if (!user) throw new Error('signed-in user vanished');
        const session = await startSession(db, user.id, 'dash', new Date(), principal.sessionId);
        return {
          data: {
            token: {
              access_token: await accessTokenFor(user, principal.sessionId, 'dash'),
              refresh_token: session.token,
              expires_in: ACCESS_TOKEN_SECONDS,
            },
          },
        };
      },
    );

    app.post(
      '/api/login/refresh',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Exchange a refresh token for new tokens; each refresh token works once',
          consumes: ['application/x-www-form-urlencoded'],
          body: RefreshRequestSchema,
          response: { 200: LoginReplySchema.or(DashLoginReplySchema), 400: SignInErrorSchema },
        },
      },
      async (request, reply) => {
        const result = await rotate(db, request.body.refreshToken);
        if (!result.ok) {
          if (result.reason === 'reused') {
            await recordEvent(db, {
              action: 'session.reuse_detected',
              actor: { userId: result.userId ?? null, requestId: request.id },
              details: { address: request.ip },
            });
          }
          return oauthError(request, reply, LOGIN_ERROR_CODES.invalidGrant);
        }
        const user = await findSignInUser(db, { userId: result.userId });
        if (!user) return oauthError(request, reply, LOGIN_ERROR_CODES.invalidGrant);
        const accessToken = await accessTokenFor(user, result.familyId, result.audience);
        if (result.audience === 'dash') {
          return {
            data: {
              token: { access_token: accessToken, refresh_token: result.token, expires_in: ACCESS_TOKEN_SECONDS },
            },
          };
        }
        return {
          token: { access_token: accessToken, refresh_token: result.token },
          expiresIn: ACCESS_TOKEN_SECONDS,
          roles: user.roles,
        };
      },
    );

    app.post(
      '/api/login/revoke',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'End the session a refresh token belongs to (sign out)',
          consumes: ['application/x-www-form-urlencoded'],
          body: RevokeRequestSchema,
          response: { 200: EmptyReplySchema },
        },
      },
      async (request) => {
        const userId = await revokeSessionOf(db, request.body.refreshToken);
        if (userId !== null)
          await recordEvent(db, { action: 'logout.succeeded', actor: { userId, requestId: request.id } });
        return {};
      },
    );

    app.post(
      '/api/login/acceptCookiePolicy',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['auth'],
          summary: "Record the signed-in user's answer to the cookie notice",
          body: AcceptCookiePolicyRequestSchema,
          response: { 200: EmptyReplySchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        await writeAs(db, { userId: principal.userId, requestId: request.id }, (trx) =>
          trx
            .insertInto('cookie_consents')
            .values({
              user_id: principal.userId,
              is_accepted: request.body.isAccepted,
              consent_date: request.body.date,
              policy_version: COOKIE_POLICY_VERSION,
            })
            .execute(),
        );
        return {};
      },
    );
  };
}
