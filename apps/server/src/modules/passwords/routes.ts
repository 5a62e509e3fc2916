import { API } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { InvalidTokenError } from '../../auth/access-tokens.js';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import { afterAnswer } from '../../http/after-answer.js';
import { callerOf } from '../login/routes.js';
import { operationRoutes } from '../operation-routes.js';
import { passwordService } from './service.js';

/** Password change and recovery (spec 2.4, 2.7): public, because an expired password is changed before sign-in. */
export function passwordRoutes(throttles: { signIn: LoginThrottle; recovery: LoginThrottle }) {
  return operationRoutes(API.passwords, (app) => {
    const passwords = passwordService({
      db: app.database.db,
      throttles,
      later: afterAnswer(app),
      publicUrl: app.config.publicUrl,
    });
    return {
      changePassword: async ({ body, request }) => {
        await passwords.changePassword(body, callerOf(request), (userId) =>
          sessionOfToken(app, request.headers.authorization, userId),
        );
        return {};
      },
      forgotPassword: async ({ body, request }) => {
        await passwords.forgotPassword(body, callerOf(request));
        return {};
      },
    };
  });
}

/** The session of a valid main token of this user, which a password change keeps; the others end. */
async function sessionOfToken(app: FastifyInstance, authorization: string | undefined, userId: number) {
  const match = /^Bearer (.+)$/.exec(authorization ?? '');
  if (!match?.[1]) return null;
  try {
    const claims = await app.accessTokens.verify(match[1], 'main');
    return claims.userId === userId ? claims.sessionId : null;
  } catch (error) {
    if (error instanceof InvalidTokenError) return null;
    throw error;
  }
}
