import { randomUUID } from 'node:crypto';
import {
  type LoginReply,
  VIEW_AS_COPY,
  VIEW_AS_ERROR_CODES,
  type ViewAs,
  type ViewAsEndReply,
  type ViewAsStartRequest,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { ACCESS_TOKEN_SECONDS, type AccessTokens, type ViewedBy } from '../../auth/access-tokens.js';
import type { Principal, ViewAsOfSession } from '../../auth/principal.js';
import { endSessions, isSessionStanding, startSession, type TokenDelivery } from '../../auth/refresh-tokens.js';
import { recordEvent, writeAs } from '../../db/audit.js';
import type { Database } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { Caller, WithRefreshToken } from '../login/service.js';
import {
  type CustomerUser,
  companyNames,
  customerUserOf,
  insertViewAs,
  markViewAsEnded,
  partnerNameOf,
  tokenUserOf,
} from './repository.js';

const MINUTE_MS = 60_000;

type Dependencies = { db: Kysely<Database>; tokens: AccessTokens };

/**
 * View as customer (decision 0220): a staff member starts a read-only session of one of their partner's customer
 * users, limited in time, and ends it to go back to their own session. The access hook refuses the view's writes and
 * audits its requests (auth/route-access.ts).
 */
export function viewAsService({ db, tokens }: Dependencies) {
  /** A sign-in's answer: the access token, the refresh token in the JSON or beside it for the browser's cookie. */
  async function sessionAnswer(
    userId: number,
    sessionId: string,
    issued: { token: string; idleExpiresAt: Date },
    delivery: TokenDelivery,
    viewedBy?: ViewedBy,
  ): Promise<WithRefreshToken<LoginReply>> {
    const user = await tokenUserOf(db, userId);
    if (!user) throw new Error('the user of a session vanished');
    const accessToken = await tokens.issue(
      {
        userId: user.id,
        sessionId,
        given_name: user.user_name,
        email: user.email_address,
        profile: user.profile_name,
        roles: user.roles,
        viewedBy,
      },
      'main',
    );
    const reply: LoginReply = {
      token: { access_token: accessToken, ...(delivery === 'json' ? { refresh_token: issued.token } : {}) },
      expiresIn: ACCESS_TOKEN_SECONDS,
      roles: user.roles as LoginReply['roles'],
    };
    return delivery === 'json' ? { reply } : { reply, cookie: issued };
  }

  /** A customer user of the staff member's partner, or 404 as if there were none. */
  async function candidate(staff: Principal, userId: number): Promise<CustomerUser> {
    const user = await customerUserOf(db, staff.partnerId, userId);
    if (!user) throw notFound('No such customer user');
    return user;
  }

  async function start(
    staff: Principal,
    userId: number,
    request: Required<Pick<ViewAsStartRequest, 'reason'>> & { minutes: number },
    caller: Caller,
    delivery: TokenDelivery,
    now = new Date(),
  ): Promise<WithRefreshToken<LoginReply & { view: ViewAs }>> {
    const user = await candidate(staff, userId);
    const endsAt = new Date(now.getTime() + request.minutes * MINUTE_MS);
    const sessionId = randomUUID();
    const issued = await writeAs(db, { userId: staff.userId, requestId: caller.requestId }, async (trx) => {
      const session = await startSession(trx, user.id, 'main', now, sessionId, delivery, endsAt);
      await insertViewAs(trx, {
        sessionId,
        userId: user.id,
        staffUserId: staff.userId,
        staffSessionId: staff.sessionId,
        reason: request.reason,
        startedAt: now,
        endsAt,
      });
      await recordEvent(trx, {
        action: 'impersonation.started',
        actor: { userId: staff.userId, requestId: caller.requestId },
        onBehalfOfUserId: user.id,
        companyIds: user.companies.map((company) => company.id),
        target: { table: 'view_as_sessions', key: { session_id: sessionId } },
        details: {
          reason: request.reason,
          minutes: request.minutes,
          endsAt: endsAt.toISOString(),
          sessionId,
          address: caller.address,
        },
      });
      return session;
    });
    const answer = await sessionAnswer(user.id, sessionId, issued, delivery, {
      userId: staff.userId,
      userName: staff.userName,
    });
    const partner = await partnerNameOf(db, staff.partnerId);
    const view: ViewAs = {
      userId: user.id,
      userName: user.userName,
      companies: user.companies,
      staffUserName: staff.userName,
      partnerName: partner,
      reason: request.reason,
      startedAt: now.toISOString(),
      endsAt: endsAt.toISOString(),
    };
    return { ...answer, reply: { ...answer.reply, view } };
  }

  /** The view the caller's session is, as its banner shows it; null for any other session. */
  async function current(principal: Principal): Promise<{ view: ViewAs | null }> {
    const view = principal.viewAs;
    if (!view) return { view: null };
    return { view: describe(principal, view, await companyNames(db, principal.companyIds)) };
  }

  /**
   * Ends the caller's view: its session is revoked, and the browser goes back to the staff member's own session with
   * a new token of it when that session still stands, else to the sign-in page.
   */
  async function end(
    principal: Principal,
    caller: Caller,
    delivery: TokenDelivery,
    now = new Date(),
  ): Promise<WithRefreshToken<ViewAsEndReply>> {
    const view = principal.viewAs;
    if (!view) throw new HttpError(404, VIEW_AS_COPY.notViewing, { code: VIEW_AS_ERROR_CODES.notViewing });
    const back = await writeAs(db, { userId: view.staffUserId, requestId: caller.requestId }, async (trx) => {
      await endSessions(trx, principal.userId, [principal.sessionId], now);
      await markViewAsEnded(trx, principal.sessionId, now);
      const standing = await isSessionStanding(trx, view.staffUserId, view.staffSessionId, now);
      const issued = standing
        ? await startSession(trx, view.staffUserId, 'main', now, view.staffSessionId, delivery)
        : undefined;
      await recordEvent(trx, {
        action: 'impersonation.ended',
        actor: { userId: view.staffUserId, requestId: caller.requestId },
        onBehalfOfUserId: principal.userId,
        companyIds: principal.companyIds,
        target: { table: 'view_as_sessions', key: { session_id: principal.sessionId } },
        details: { sessionId: principal.sessionId, returnedTo: issued ? 'staff' : 'sign-in' },
      });
      return issued;
    });
    if (!back) return { reply: { returnedTo: 'sign-in', session: null } };
    const answer = await sessionAnswer(view.staffUserId, view.staffSessionId, back, delivery);
    return { ...answer, reply: { returnedTo: 'staff', session: answer.reply } };
  }

  return { candidate, start, current, end };
}

function describe(principal: Principal, view: ViewAsOfSession, companies: { id: number; name: string }[]): ViewAs {
  return {
    userId: principal.userId,
    userName: principal.userName,
    companies,
    staffUserName: view.staffUserName,
    partnerName: view.partnerName,
    reason: view.reason,
    startedAt: view.startedAt.toISOString(),
    endsAt: view.endsAt.toISOString(),
  };
}
