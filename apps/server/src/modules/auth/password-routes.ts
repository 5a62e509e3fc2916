import { ApiErrorSchema, EmptyReplySchema } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvalidTokenError } from '../../auth/access-tokens.js';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import { hashPassword } from '../../auth/password-hashing.js';
import { checkPassword, generateTemporaryPassword, passwordPolicyErrorDetails } from '../../auth/password-policy.js';
import { revokeOtherSessions } from '../../auth/refresh-tokens.js';
import {
  consumeTemporaryPassword,
  discardTemporaryPassword,
  storeTemporaryPassword,
} from '../../auth/temporary-passwords.js';
import { recordEvent, writeAs } from '../../db/audit.js';
import { afterAnswer } from '../../http/after-answer.js';
import { badRequest, errorResponses, HttpError } from '../../http/errors.js';
import { temporaryPasswordEmail } from '../../mail/mailer.js';
import { authenticate, findSignInUser } from './credentials.js';

const ChangePasswordRequestSchema = z.object({
  userName: z.string().trim().min(1).max(100),
  currentPassword: z.string().min(1, 'Please enter your current password').max(1024),
  newPassword: z.string().min(1, 'Please enter a new password').max(1024),
});
const ForgotPasswordRequestSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100),
  emailAddress: z.string().trim().min(1, 'Email address is required').max(254),
});

function wrongCurrentPassword(): HttpError {
  return badRequest('Your current password is not correct.', {
    code: 'invalid_current_password',
    details: [{ field: 'currentPassword', rule: 'matches', message: 'Your current password is not correct.' }],
  });
}

export function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number): HttpError {
  reply.header('retry-after', String(retryAfterSeconds));
  return new HttpError(429, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, {
    code: 'too_many_attempts',
  });
}

/** Password change (also from the expired-password screen, before sign-in) and password recovery. */
export function passwordRoutes(throttles: { signIn: LoginThrottle; recovery: LoginThrottle }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.database;
    const later = afterAnswer(app);

    app.post(
      '/api/login/changePassword',
      {
        // Authenticated by the current password, so that an expired password can be replaced before sign-in.
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Change a password with the current one; ends the other sessions',
          consumes: ['application/x-www-form-urlencoded'],
          body: ChangePasswordRequestSchema,
          response: { 200: EmptyReplySchema, 400: ApiErrorSchema, ...errorResponses(429) },
        },
      },
      async (request, reply) => {
        const { userName, currentPassword, newPassword } = request.body;
        const gate = throttles.signIn.check(userName, request.ip);
        if (!gate.allowed) throw tooManyAttempts(reply, gate.retryAfterSeconds);
        const user = await authenticate(db, userName, currentPassword);
        if (!user) {
          const next = throttles.signIn.recordFailure(userName, request.ip);
          await recordEvent(db, {
            action: 'password.change_failed',
            actor: { userId: null, requestId: request.id },
            details: { userName, address: request.ip },
          });
          if (!next.allowed) throw tooManyAttempts(reply, next.retryAfterSeconds);
          throw wrongCurrentPassword();
        }
        throttles.signIn.recordSuccess(userName, request.ip);
        const violations = checkPassword(newPassword, {
          currentPassword,
          contextWords: [user.userName, ...user.emailAddress.split(/[@.]/)],
        });
        if (violations.length > 0) {
          throw badRequest(violations[0]?.message ?? 'The new password is not allowed.', {
            code: 'password_policy',
            details: passwordPolicyErrorDetails(violations),
          });
        }
        const passwordHash = await hashPassword(newPassword);
        const actor = { userId: user.id, requestId: request.id };
        const changed = await writeAs(db, actor, async (trx) => {
          // A temporary password works once: of two changes racing with it, only the one that uses it up goes on.
          if (user.viaTemporaryPassword && user.temporaryPasswordHash) {
            if (!(await consumeTemporaryPassword(trx, user.id, user.temporaryPasswordHash))) return false;
          } else {
            await discardTemporaryPassword(trx, user.id);
          }
          await trx
            .updateTable('user_credentials')
            .set({ password_hash: passwordHash, changed_at: new Date(), expires_at: null, reset_required: false })
            .where('user_id', '=', user.id)
            .execute();
          return true;
        });
        if (!changed) throw wrongCurrentPassword();
        await revokeOtherSessions(db, user.id, await currentSessionOf(request.headers.authorization, user.id));
        await recordEvent(db, {
          action: 'password.changed',
          actor,
          ...(user.viaTemporaryPassword ? { details: { with: 'temporary_password' } } : {}),
        });
        return {};
      },
    );

    app.post(
      '/api/login/forgotPassword',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary:
            'E-mail a temporary password (works once, for an hour) when username and e-mail match; answers the same either way, changing nothing until it is used',
          consumes: ['application/x-www-form-urlencoded'],
          body: ForgotPasswordRequestSchema,
          response: { 200: EmptyReplySchema, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        const { username, emailAddress } = request.body;
        // Every request counts, matched or not: this only limits how fast anyone can fill a mailbox.
        const gate = throttles.recovery.recordFailure(username, request.ip);
        if (!gate.allowed) throw tooManyAttempts(reply, gate.retryAfterSeconds);
        // Looking the account up, storing and mailing all happen after answering, so the answer's time cannot tell
        // whether the details match (docs/decisions/0047).
        later(request, 'password recovery', () => recoverPassword(request, username, emailAddress));
        return {};
      },
    );

    /** E-mails a temporary password when the username and e-mail address match; the same hashing work if not. */
    async function recoverPassword(request: FastifyRequest, username: string, emailAddress: string) {
      const user = await findSignInUser(db, { userName: username });
      const matches = user !== undefined && user.emailAddress.toLowerCase() === emailAddress.toLowerCase();
      const temporaryPassword = generateTemporaryPassword();
      // Hashed in both cases, so the server is as busy for the next callers either way.
      const passwordHash = await hashPassword(temporaryPassword);
      if (!matches || !user) {
        await recordEvent(db, {
          action: 'password.reset_requested_unmatched',
          actor: { userId: null, requestId: request.id },
          details: { userName: username, address: request.ip },
        });
        return;
      }
      // Nothing the owner relies on changes here: the password and sessions work on until this one is used.
      await storeTemporaryPassword(db, user.id, passwordHash);
      await recordEvent(db, {
        action: 'password.reset_requested',
        actor: { userId: user.id, requestId: request.id },
        details: { address: request.ip },
      });
      const partner = await db
        .selectFrom('partners')
        .innerJoin('users', 'users.partner_id', 'partners.id')
        .select('partners.name')
        .where('users.id', '=', user.id)
        .executeTakeFirstOrThrow();
      await app.mailer.send({
        to: user.emailAddress,
        ...temporaryPasswordEmail({ userName: user.userName, temporaryPassword, partnerName: partner.name }),
      });
    }

    /** The session of a valid main token of this user, which a password change keeps; others end. */
    async function currentSessionOf(authorization: string | undefined, userId: number): Promise<string | null> {
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
  };
}
