import type { LoginErrorCode, LoginReply, Role, SecondFactor } from '@portal/contract';
import { type ApiClient, ApiError, apiClient } from './client';
import { callOperation } from './operations';
import { tellOtherTabsSignedOut } from './session-channel';

/**
 * The sign-in calls (spec section 7, Auth) and how their failures map to what the screens show (spec section 8).
 * Login flow (spec 4): token request, dash token request, then the cookie-acceptance recording.
 */

export type LoginFailureReason = LoginErrorCode | 'unexpected' | 'server' | 'too_many_attempts';

/**
 * With second_step_required: what the sign-in's second step is completed with, and how (decision 0207);
 * `enrol` when the user's company requires a second factor they have yet to set up (0210).
 */
export type SecondStep = { challenge: string; factors: SecondFactor[]; expiresIn: number; enrol?: boolean };

/**
 * `firstSignIn` with requires_password_reset: a new account, whose user sets their first password (decision 0139);
 * `secondStep` with second_step_required.
 */
export type LoginResult =
  | { ok: true; roles: Role[] }
  | {
      ok: false;
      reason: LoginFailureReason;
      retryAfterSeconds?: number;
      firstSignIn?: boolean;
      secondStep?: SecondStep;
    };

/** A failed change names the form field the server blamed (`currentPassword` for a wrong one), when it did. */
export type ChangePasswordResult = { ok: true } | { ok: false; message: string; code?: string; field?: string };

export type ForgotPasswordResult =
  | { ok: true }
  | { ok: false; reason: 'unexpected' | 'server' | 'too_many_attempts'; retryAfterSeconds?: number };

/** Spec 8's text when a password change fails without a server message. */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error has occurred. Please try again later.';

function hasBody(body: unknown): boolean {
  return body !== undefined && body !== null && body !== '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** 429 → too_many_attempts; no body or no answer → server; undefined when the body has more to say. */
function callFailure(error: unknown): Extract<LoginResult, { ok: false }> | undefined {
  if (!(error instanceof ApiError)) return { ok: false, reason: 'server' };
  if (error.status === 429) {
    return error.retryAfterSeconds === undefined
      ? { ok: false, reason: 'too_many_attempts' }
      : { ok: false, reason: 'too_many_attempts', retryAfterSeconds: error.retryAfterSeconds };
  }
  return hasBody(error.body) ? undefined : { ok: false, reason: 'server' };
}

/** As {@link callFailure}, then a sign-in OAuth code → itself, any other body → unexpected. */
function loginFailure(error: unknown, loginCodes: ReadonlySet<string>): Extract<LoginResult, { ok: false }> {
  const failure = callFailure(error);
  if (failure) return failure;
  const body = (error as ApiError).body;
  const code = isRecord(body) && typeof body.error === 'string' ? body.error : undefined;
  if (code !== undefined && loginCodes.has(code)) {
    const firstSignIn = isRecord(body) && body.first_sign_in === true;
    const secondStep = secondStepOf(body);
    if (secondStep) return { ok: false, reason: code as LoginErrorCode, secondStep };
    return firstSignIn
      ? { ok: false, reason: code as LoginErrorCode, firstSignIn }
      : { ok: false, reason: code as LoginErrorCode };
  }
  return { ok: false, reason: 'unexpected' };
}

/** The second step the body of a second_step_required answer names, if it names one whole. */
function secondStepOf(body: unknown): SecondStep | undefined {
  if (!isRecord(body) || typeof body.challenge !== 'string' || !Array.isArray(body.factors)) return undefined;
  const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 0;
  return {
    challenge: body.challenge,
    factors: body.factors as SecondFactor[],
    expiresIn,
    enrol: !!body.enrolment_required,
  };
}

/** `refused`: the server named why single sign-on cannot go on (not set up, no access, expired), in `message`. */
export type SingleSignOnFailureReason = LoginFailureReason | 'refused';
export type SingleSignOnStart =
  | { ok: true; authorizationUrl: string }
  | { ok: false; reason: SingleSignOnFailureReason; message?: string; retryAfterSeconds?: number };
export type SingleSignOnResult =
  | { ok: true; roles: Role[] }
  | { ok: false; reason: SingleSignOnFailureReason; message?: string; retryAfterSeconds?: number };

/** A failed single sign-on call: as {@link callFailure}, else the message the server gave, else unexpected. */
function singleSignOnFailure(error: unknown): Omit<Extract<SingleSignOnStart, { ok: false }>, 'ok'> {
  const failure = callFailure(error);
  if (failure) {
    const { ok: _ok, ...rest } = failure;
    return rest;
  }
  const body = (error as ApiError).body;
  const details = isRecord(body) && Array.isArray(body.details) ? body.details : [];
  const first = isRecord(details[0]) ? details[0] : undefined;
  // A refusal names its field; an identity provider out of reach (503) says so in the message.
  const unavailable = (error as ApiError).status === 503 && isRecord(body) ? body.message : undefined;
  const message = typeof first?.message === 'string' ? first.message : unavailable;
  return typeof message === 'string' ? { reason: 'refused', message } : { reason: 'unexpected' };
}

export interface LoginOptions {
  /** The cookie notice was accepted in this browser; the server asks for it unless the user accepted before. */
  cookiePolicyAccepted: boolean;
}

/** The sign-in page's code holds none of the declarations: they load, with zod, when a call is made. */
const loadOperations = () => import('./first-load-operations');

export function createAuthApi(client: ApiClient) {
  const { session } = client;

  async function acceptCookiePolicy(date: Date, isAccepted = true): Promise<void> {
    const { loginOperations } = await loadOperations();
    await callOperation(
      loginOperations.acceptCookiePolicy,
      { body: { isAccepted, date: date.toISOString() } },
      { client },
    );
  }

  function login(username: string, password: string, options: LoginOptions): Promise<LoginResult> {
    return signInWith(async () => {
      const { loginOperations } = await loadOperations();
      return callOperation(
        loginOperations.login,
        { body: { username, password, ...(options.cookiePolicyAccepted ? { cookiePolicyAccepted: true } : {}) } },
        { client },
      );
    }, options);
  }

  /** The second step of a sign-in (decisions 0207, 0209): the challenge, and a code, a recovery code or a passkey's. */
  function completeSecondStep(
    challenge: string,
    answer: { code: string } | { recoveryCode: string } | { passkey: string },
    options: LoginOptions,
  ): Promise<LoginResult> {
    return signInWith(async () => {
      const { loginOperations } = await loadOperations();
      return callOperation(loginOperations.secondStep, { body: { challenge, ...answer } }, { client });
    }, options);
  }

  /**
   * The rest of every sign-in once `request` is answered with tokens (the password's, its second step's, or single
   * sign-on's): the session, the dash tokens, then the cookie-acceptance recording (spec 4).
   */
  async function signInWith(request: () => Promise<LoginReply>, options: LoginOptions): Promise<LoginResult> {
    let roles: Role[];
    try {
      const { loginOperations } = await loadOperations();
      const reply = await request();
      // The refresh token went into the server's HttpOnly cookie (docs/decisions/0206).
      session.setTokens(reply.token.access_token, reply.expiresIn);
      session.setRoles(reply.roles);
      roles = reply.roles;
      const dash = await callOperation(loginOperations.dashLogin, {}, { client });
      session.setDashTokens(dash.data.token.access_token, dash.data.token.expires_in);
    } catch (error) {
      session.clear();
      if (error instanceof ApiError) {
        // An answer came, so the declarations (and the codes with them) have loaded.
        const { LOGIN_ERROR_CODES } = await loadOperations();
        return loginFailure(error, new Set(Object.values(LOGIN_ERROR_CODES)));
      }
      // A body the contract rejects is an unexpected answer; a failed fetch (no answer at all) a server error.
      return error instanceof TypeError ? { ok: false, reason: 'server' } : { ok: false, reason: 'unexpected' };
    }
    client.announceSession('signed-in');
    if (options.cookiePolicyAccepted) {
      // Recording the consent is the last step; the user is signed in whether or not it is saved.
      await acceptCookiePolicy(new Date()).catch((error: unknown) => console.error(error));
    }
    return { ok: true, roles };
  }

  /** Completes a sign-in whose tokens came in an answer already (the enrolment's, decision 0210). */
  const finishSignIn = (reply: LoginReply) => signInWith(async () => reply, { cookiePolicyAccepted: true });

  /**
   * The first step of single sign-on (docs/decisions/0208): the URL of the company's identity provider for this work
   * e-mail address or username, or the server's reason why there is none.
   */
  async function startSingleSignOn(login: string): Promise<SingleSignOnStart> {
    try {
      const { ssoOperations } = await loadOperations();
      const reply = await callOperation(ssoOperations.start, { body: { login } }, { client });
      return { ok: true, authorizationUrl: reply.authorizationUrl };
    } catch (error) {
      return { ok: false, ...singleSignOnFailure(error) };
    }
  }

  /** The second step: signs in with the query the provider sent the browser back with, as a password sign-in does. */
  async function completeSingleSignOn(callback: string, options: LoginOptions): Promise<SingleSignOnResult> {
    let refusal: { reason: SingleSignOnFailureReason; message?: string } | undefined;
    const result = await signInWith(async () => {
      const { ssoOperations } = await loadOperations();
      try {
        return await callOperation(
          ssoOperations.complete,
          { body: { callback, ...(options.cookiePolicyAccepted ? { cookiePolicyAccepted: true } : {}) } },
          { client },
        );
      } catch (error) {
        const failure = singleSignOnFailure(error);
        if (failure.reason === 'refused') refusal = failure;
        throw error;
      }
    }, options);
    return !result.ok && refusal ? { ok: false, ...refusal } : result;
  }

  /**
   * Revokes the session cookie's refresh token, which the server also clears (errors ignored), then forgets the
   * tokens and roles (spec 4) and signs the browser's other tabs out too.
   */
  async function logout(): Promise<void> {
    try {
      const { loginOperations } = await loadOperations();
      await callOperation(loginOperations.revoke, { body: {} }, { client });
    } catch {
      // Spec 8: revoke errors are ignored.
    } finally {
      session.clear();
      client.announceSession('signed-out');
      tellOtherTabsSignedOut();
    }
  }

  async function changePassword(fields: {
    userName: string;
    currentPassword: string;
    newPassword: string;
  }): Promise<ChangePasswordResult> {
    try {
      const { passwordOperations } = await loadOperations();
      await callOperation(passwordOperations.changePassword, { body: fields }, { client });
      return { ok: true };
    } catch (error) {
      if (!(error instanceof ApiError) || !isRecord(error.body))
        return { ok: false, message: UNEXPECTED_ERROR_MESSAGE };
      const { details, message } = error.body;
      const first = Array.isArray(details) && isRecord(details[0]) ? details[0] : undefined;
      const detail = first?.message;
      const text = typeof detail === 'string' && detail !== '' ? detail : message;
      const code = error.code;
      const field = typeof first?.field === 'string' && first.field !== '' ? first.field : undefined;
      return {
        ok: false,
        message: typeof text === 'string' && text !== '' ? text : UNEXPECTED_ERROR_MESSAGE,
        ...(code === undefined ? {} : { code }),
        ...(field === undefined ? {} : { field }),
      };
    }
  }

  async function forgotPassword(fields: { username: string; emailAddress: string }): Promise<ForgotPasswordResult> {
    try {
      const { passwordOperations } = await loadOperations();
      await callOperation(passwordOperations.forgotPassword, { body: fields }, { client });
      return { ok: true };
    } catch (error) {
      const failure = callFailure(error);
      return failure?.reason === 'too_many_attempts' || failure?.reason === 'server'
        ? (failure as ForgotPasswordResult)
        : { ok: false, reason: 'unexpected' };
    }
  }

  return {
    login,
    completeSecondStep,
    finishSignIn,
    signInWith,
    logout,
    changePassword,
    forgotPassword,
    acceptCookiePolicy,
    startSingleSignOn,
    completeSingleSignOn,
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

const authApi = createAuthApi(apiClient);
export const {
  login,
  completeSecondStep,
  finishSignIn,
  signInWith,
  logout,
  changePassword,
  forgotPassword,
  acceptCookiePolicy,
  startSingleSignOn,
  completeSingleSignOn,
} = authApi;
