import { type DashLoginReply, LOGIN_ERROR_CODES, type LoginReply, type LoginRequest } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ACCESS_TOKEN_SECONDS, type AccessTokens, type Audience, type ViewedBy } from '../../auth/access-tokens.js';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../../auth/password-hashing.js';
import {
  type IssuedRefreshToken,
  revokeSessionOf,
  rotate,
  startSession,
  type TokenDelivery,
} from '../../auth/refresh-tokens.js';
import { recordEvent } from '../../db/audit.js';
import type { Database, SessionSecondFactor, SignInMethod } from '../../db/schema.js';
import { OAuthFailure, tooManyAttempts } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { recordSessionActivity, recordSessionStart } from '../sessions/repository.js';
import { policyBindingUser } from '../sign-in-policy/repository.js';
import type { SecondFactorAnswer, TwoStepService } from '../two-step/service.js';
import { viewerOfSession } from '../view-as/repository.js';
import { findSignInUser, recordCookieConsent, type SignInUser } from './repository.js';

/** Who is asking, as the sign-in flows record it, and the request's log. */
export type Caller = { requestId: string; address: string; userAgent?: string | undefined; log: FastifyBaseLogger };

export type SignInDependencies = {
  db: Kysely<Database>;
  tokens: AccessTokens;
  throttle: LoginThrottle;
  /** The second step of users who have a second factor (docs/decisions/0207). */
  twoStep: Pick<TwoStepService, 'startSecondStep' | 'completeSecondStep' | 'confirmEnrolmentAtSignIn'>;
};

// Verifying against a real hash when the username is unknown makes both failures take the same time.
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword('decoy password that matches no account');
  return decoyHash;
};

/**
 * An answer carrying a refresh token: in the JSON for API clients, or beside it for the browser's cookie, which the
 * route sets (docs/decisions/0206).
 */
export type WithRefreshToken<Reply> = { reply: Reply; cookie?: Pick<IssuedRefreshToken, 'token' | 'idleExpiresAt'> };

/** The token in the JSON answer, or (for the cookie) left out of it and handed to the route. */
function deliver<Reply>(
  delivery: TokenDelivery,
  issued: Pick<IssuedRefreshToken, 'token' | 'idleExpiresAt'>,
  reply: (refreshToken: string | undefined) => Reply,
): WithRefreshToken<Reply> {
  if (delivery === 'json') return { reply: reply(issued.token) };
  return { reply: reply(undefined), cookie: { token: issued.token, idleExpiresAt: issued.idleExpiresAt } };
}

const withRefreshToken = (refreshToken: string | undefined) =>
  refreshToken === undefined ? {} : { refresh_token: refreshToken };

/** A user who gave a right password; `viaTemporaryPassword` when it was the forgot-password e-mail's. */
export type AuthenticatedUser = SignInUser & { viaTemporaryPassword: boolean };

/**
 * The user whose password (or unexpired temporary password) this is, or undefined; unknown users cost the same time
 * as wrong passwords. A temporary password signs in only as far as the forced change (mustChangePassword).
 */
export async function authenticate(
  db: Kysely<Database>,
  userName: string,
  password: string,
  now = new Date(),
): Promise<AuthenticatedUser | undefined> {
  const user = await findSignInUser(db, { userName }, now);
  const matches = await verifyPassword(user?.passwordHash ?? (await decoy()), password);
  if (user && matches) return { ...user, viaTemporaryPassword: false };
  // Only while a reset is pending does a wrong password cost a second check: that a reset was asked for in the last
  // hour is all its time can tell (docs/decisions/0047).
  if (user?.temporaryPasswordHash && (await verifyPassword(user.temporaryPasswordHash, password))) {
    return { ...user, mustChangePassword: true, viaTemporaryPassword: true };
  }
  return undefined;
}

/**
 * Sign-in, the dash login, token refresh, sign-out and the cookie notice (spec 4 and 7). Credentials problems are
 * thrown as {@link OAuthFailure}, repeated failures as 429 (decision 0010).
 */
export function signInService({ db, tokens, throttle, twoStep }: SignInDependencies) {
  function accessTokenFor(user: SignInUser, sessionId: string, audience: Audience, viewedBy?: ViewedBy) {
    return tokens.issue(
      {
        userId: user.id,
        sessionId,
        given_name: user.userName,
        email: user.emailAddress,
        profile: user.profileName,
        roles: user.roles,
        viewedBy,
      },
      audience,
    );
  }

  /** The reply of a successful sign-in, and the theme the sign-in page brands itself with next time (spec 2.1). */
  async function login(
    { username, password, cookiePolicyAccepted }: LoginRequest,
    caller: Caller,
    delivery: TokenDelivery = 'json',
  ): Promise<WithRefreshToken<LoginReply> & { themeCode: string }> {
    const anonymous = { userId: null, requestId: caller.requestId };
    const gate = await throttle.check(username, caller.address);
    if (!gate.allowed) throw tooManyAttempts(gate.retryAfterSeconds);
    const user = await authenticate(db, username, password);
    if (!user) {
      const next = await throttle.recordFailure(username, caller.address);
      await recordEvent(db, {
        action: 'login.failed',
        actor: anonymous,
        details: { userName: username, address: caller.address },
      });
      if (!next.allowed) throw tooManyAttempts(next.retryAfterSeconds);
      throw new OAuthFailure(LOGIN_ERROR_CODES.invalidGrant);
    }
    await throttle.recordSuccess(username);
    const actor = { userId: user.id, requestId: caller.requestId };
    // Only after a right password: the refusal tells that the account exists and how its company signs in.
    const policy = await policyBindingUser(db, user.id);
    if (policy.singleSignOnOnly) await refuseSingleSignOnOnly(user.id, caller);
    if (user.mustChangePassword) {
      await recordEvent(db, { action: 'login.password_change_required', actor });
      throw new OAuthFailure(LOGIN_ERROR_CODES.requiresPasswordReset, { firstSignIn: user.awaitingFirstPassword });
    }
    requireCookiePolicy(user, cookiePolicyAccepted);
    const secondStep = await twoStep.startSecondStep(user.id, { enrolment: policy.twoStepRequired });
    if (secondStep) {
      await recordEvent(db, {
        action: 'login.second_step_required',
        actor,
        details: { address: caller.address, ...(secondStep.enrolmentRequired ? { enrolmentRequired: true } : {}) },
      });
      throw new OAuthFailure(LOGIN_ERROR_CODES.secondStepRequired, { secondStep });
    }
    return signedIn(user, caller, { delivery });
  }

  /** A company of the user signs in through its identity provider only, and they are not its break-glass user. */
  async function refuseSingleSignOnOnly(userId: number, caller: Caller): Promise<never> {
    await recordEvent(db, {
      action: 'login.single_sign_on_required',
      actor: { userId, requestId: caller.requestId },
      details: { address: caller.address },
    });
    throw new OAuthFailure(LOGIN_ERROR_CODES.singleSignOnRequired);
  }

  /**
   * The second step of a sign-in held up for enrolment (decision 0210): the authenticator app set up with the
   * challenge is confirmed with a code from it, and the sign-in completes with it as the second factor. The answer
   * carries the new recovery codes beside login's tokens, for the page to show before it goes on.
   */
  async function confirmEnrolment(
    { challenge, code }: { challenge: string; code: string },
    caller: Caller,
    delivery: TokenDelivery = 'json',
  ): Promise<WithRefreshToken<LoginReply & { recoveryCodes: string[] }> & { themeCode: string }> {
    const { userId, recoveryCodes } = await twoStep.confirmEnrolmentAtSignIn(challenge, code, caller);
    const user = await findSignInUser(db, { userId });
    if (!user) throw new OAuthFailure(LOGIN_ERROR_CODES.challengeExpired);
    const signed = await signedIn(user, caller, { delivery, factor: 'authenticator' });
    return { ...signed, reply: { ...signed.reply, recoveryCodes } };
  }

  /** The second step of a sign-in (decision 0207): the same answer as login's once the code is right. */
  async function completeSecondStep(
    { challenge, ...answer }: { challenge: string } & SecondFactorAnswer,
    caller: Caller,
    delivery: TokenDelivery = 'json',
  ): Promise<WithRefreshToken<LoginReply> & { themeCode: string }> {
    const { userId, factor } = await twoStep.completeSecondStep(challenge, answer, caller);
    const user = await findSignInUser(db, { userId });
    if (!user) throw new OAuthFailure(LOGIN_ERROR_CODES.challengeExpired);
    return signedIn(user, caller, { delivery, factor });
  }

  /** Every way of signing in asks for the cookie notice, unless the user accepted it before (spec 4). */
  function requireCookiePolicy(user: SignInUser, acceptedNow: boolean | undefined): void {
    if (!user.cookiePolicyAccepted && !acceptedNow) throw new OAuthFailure(LOGIN_ERROR_CODES.cookiesPolicy);
  }

  /**
   * The end of every way of signing in (password, its second step, single sign-on): a session starts, the sign-in
   * is audited with the second factor given or the way other than the password (`method`), and the reply carries
   * its tokens, the browser's refresh token beside it for its cookie.
   */
  async function signedIn(
    user: SignInUser,
    caller: Caller,
    options: { delivery: TokenDelivery; factor?: SessionSecondFactor; method?: Exclude<SignInMethod, 'password'> },
  ): Promise<WithRefreshToken<LoginReply> & { themeCode: string }> {
    // Every way in ends here, so the company's policy holds for each, whichever step led here (decision 0210).
    const policy = await policyBindingUser(db, user.id);
    if (policy.singleSignOnOnly && options.method !== 'sso') await refuseSingleSignOnOnly(user.id, caller);
    // Only when the policy was turned on while this sign-in was under way (single sign-on checks the provider's
    // factor before it gets here): it starts again, and is held up. A passkey alone is two factors.
    if (policy.twoStepRequired && options.method !== 'passkey' && !options.factor) {
      throw new OAuthFailure(LOGIN_ERROR_CODES.challengeExpired);
    }
    const session = await startSession(db, user.id, 'main', new Date(), undefined, options.delivery);
    await recordSessionStart(db, {
      familyId: session.familyId,
      userId: user.id,
      method: options.method ?? 'password',
      secondFactor: options.factor ?? null,
      address: caller.address,
      userAgent: caller.userAgent,
    });
    await recordEvent(db, {
      action: 'login.succeeded',
      actor: { userId: user.id, requestId: caller.requestId },
      details: {
        address: caller.address,
        sessionId: session.familyId,
        ...(options.factor ? { secondFactor: options.factor } : {}),
        ...(options.method ? { method: options.method } : {}),
      },
    });
    const accessToken = await accessTokenFor(user, session.familyId, 'main');
    const answer = deliver(options.delivery, session, (refreshToken) => ({
      token: { access_token: accessToken, ...withRefreshToken(refreshToken) },
      expiresIn: ACCESS_TOKEN_SECONDS,
      roles: user.roles,
    }));
    return { ...answer, themeCode: user.themeCode };
  }

  /**
   * The analytics token set of the caller's session. The browser renews it with a new dash login after each refresh
   * (spec 4), so with the session cookie it gets no refresh token of its own.
   */
  async function dashLogin(scope: EstateScope, sessionId: string, delivery: TokenDelivery): Promise<DashLoginReply> {
    const user = await findSignInUser(db, { userId: scope.caller.userId });
    if (!user) throw new Error('signed-in user vanished');
    const refreshToken =
      delivery === 'json' ? (await startSession(db, user.id, 'dash', new Date(), sessionId)).token : undefined;
    return {
      data: {
        token: {
          access_token: await accessTokenFor(user, sessionId, 'dash'),
          ...withRefreshToken(refreshToken),
          expires_in: ACCESS_TOKEN_SECONDS,
        },
      },
    };
  }

  /** New tokens for a refresh token, which works once; a reused one ends its whole session. */
  async function refresh(
    refreshToken: string,
    caller: Caller,
    delivery: TokenDelivery = 'json',
  ): Promise<WithRefreshToken<LoginReply | DashLoginReply>> {
    const result = await rotate(db, refreshToken, new Date(), delivery);
    if (!result.ok) {
      if (result.reason === 'reused') {
        await recordEvent(db, {
          action: 'session.reuse_detected',
          actor: { userId: result.userId ?? null, requestId: caller.requestId },
          details: { address: caller.address },
        });
      }
      throw new OAuthFailure(LOGIN_ERROR_CODES.invalidGrant);
    }
    const user = await findSignInUser(db, { userId: result.userId });
    if (!user) throw new OAuthFailure(LOGIN_ERROR_CODES.invalidGrant);
    await recordSessionActivity(db, result.familyId, caller.address);
    // A view as customer's tokens name the staff member viewing, for the web app's banner (decision 0220).
    const viewedBy = result.audience === 'main' ? await viewerOfSession(db, result.familyId) : undefined;
    const accessToken = await accessTokenFor(user, result.familyId, result.audience, viewedBy);
    if (result.audience === 'dash') {
      return deliver(delivery, result, (next) => ({
        data: { token: { access_token: accessToken, ...withRefreshToken(next), expires_in: ACCESS_TOKEN_SECONDS } },
      }));
    }
    return deliver(delivery, result, (next) => ({
      token: { access_token: accessToken, ...withRefreshToken(next) },
      expiresIn: ACCESS_TOKEN_SECONDS,
      roles: user.roles,
    }));
  }

  /** Ends the session a refresh token belongs to; an unknown token changes nothing. */
  async function revoke(refreshToken: string, caller: Caller): Promise<void> {
    const userId = await revokeSessionOf(db, refreshToken);
    if (userId !== null)
      await recordEvent(db, { action: 'logout.succeeded', actor: { userId, requestId: caller.requestId } });
  }

  function acceptCookiePolicy(scope: EstateScope, answer: { isAccepted: boolean; date: string }, caller: Caller) {
    return recordCookieConsent(db, { userId: scope.caller.userId, requestId: caller.requestId }, answer);
  }

  return {
    login,
    completeSecondStep,
    confirmEnrolment,
    requireCookiePolicy,
    signedIn,
    dashLogin,
    refresh,
    revoke,
    acceptCookiePolicy,
  };
}
