import { z } from 'zod';
import { ApiErrorSchema } from '../api';
import {
  AcceptCookiePolicyRequestSchema,
  AuthenticatorSetupSchema,
  DashLoginReplySchema,
  EmptyReplySchema,
  EnrolmentConfirmRequestSchema,
  EnrolmentRequestSchema,
  LoginReplySchema,
  LoginRequestSchema,
  RefreshRequestSchema,
  RevokeRequestSchema,
  SecondStepRequestSchema,
  SessionCookieHeadersSchema,
  SignInErrorSchema,
} from '../auth-api';
import { operation } from '../operation';
import { IsoDateTimeSchema } from '../primitives';

// Sign-in, tokens, passwords and the cookie notice (spec section 7, Auth).

export const login = operation({
  method: 'POST',
  path: '/api/login',
  summary: 'Sign in with username and password (form-encoded)',
  access: 'public',
  headers: SessionCookieHeadersSchema,
  body: LoginRequestSchema,
  bodyEncoding: 'form',
  response: LoginReplySchema,
  errors: { 400: SignInErrorSchema, 429: ApiErrorSchema },
});

export const secondStep = operation({
  method: 'POST',
  path: '/api/login/secondStep',
  summary:
    "Complete a sign-in that answered second_step_required: its challenge, and a code from the user's authenticator app or one of their recovery codes (form-encoded)",
  access: 'public',
  headers: SessionCookieHeadersSchema,
  body: SecondStepRequestSchema,
  bodyEncoding: 'form',
  response: LoginReplySchema,
  errors: { 400: SignInErrorSchema, 429: ApiErrorSchema },
});

export const enrolAuthenticator = operation({
  method: 'POST',
  path: '/api/login/secondStep/authenticator',
  summary:
    "A sign-in that answered second_step_required with enrolment_required (the user's company requires two-step verification): a new authenticator app key for the challenge's user (form-encoded)",
  access: 'public',
  body: EnrolmentRequestSchema,
  bodyEncoding: 'form',
  response: AuthenticatorSetupSchema,
  errors: { 400: SignInErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema },
});

export const confirmEnrolment = operation({
  method: 'POST',
  path: '/api/login/secondStep/authenticator/confirm',
  summary:
    "Confirm the authenticator app set up at sign-in with a code from it: the sign-in completes with login's tokens and the new recovery codes, shown this once (form-encoded)",
  access: 'public',
  headers: SessionCookieHeadersSchema,
  body: EnrolmentConfirmRequestSchema,
  bodyEncoding: 'form',
  response: LoginReplySchema.extend({ recoveryCodes: z.array(z.string()) }),
  errors: { 400: SignInErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema },
});

export const dashLogin = operation({
  method: 'POST',
  path: '/api/login/dash',
  summary: 'Issue the analytics (dash) token set for the current session',
  access: 'signed-in',
  headers: SessionCookieHeadersSchema,
  response: DashLoginReplySchema,
});

export const refresh = operation({
  method: 'POST',
  path: '/api/login/refresh',
  summary: 'Exchange a refresh token (the form field, or the session cookie) for new tokens; each works once',
  access: 'public',
  headers: SessionCookieHeadersSchema,
  body: RefreshRequestSchema,
  bodyEncoding: 'form',
  response: LoginReplySchema.or(DashLoginReplySchema),
  errors: { 400: SignInErrorSchema },
});

export const revoke = operation({
  method: 'POST',
  path: '/api/login/revoke',
  summary: 'End the session a refresh token (the form field, or the session cookie) belongs to (sign out)',
  access: 'public',
  headers: SessionCookieHeadersSchema,
  body: RevokeRequestSchema,
  bodyEncoding: 'form',
  response: EmptyReplySchema,
});

export const acceptCookiePolicy = operation({
  method: 'POST',
  path: '/api/login/acceptCookiePolicy',
  summary: "Record the signed-in user's answer to the cookie notice",
  access: 'signed-in',
  body: AcceptCookiePolicyRequestSchema,
  response: EmptyReplySchema,
});

/** One sign-in of the caller: when, from which address, and whether its session still lets anyone in. */
const SignInSchema = z.object({
  signedInAt: IsoDateTimeSchema,
  /** The address the sign-in came from, as the server saw it (behind a proxy, the forwarded client address). */
  address: z.string().nullable(),
  /** `current` is the session asking; `active` another that can still refresh; `ended` signed out or expired. */
  session: z.enum(['current', 'active', 'ended']),
});

export const signIns = operation({
  method: 'GET',
  path: '/api/login/signIns',
  summary: "The caller's own 20 most recent sign-ins, newest first, and whether each session is still live",
  access: 'signed-in',
  // The caller's own history, whichever of their companies the filter shows.
  wholeEstate: true,
  response: z.array(SignInSchema),
});
