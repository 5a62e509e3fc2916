import { z } from 'zod';
import { ApiErrorSchema, LOGIN_ERROR_CODES } from './api';
import { RoleSchema } from './permission-schemas';
import { ApiDateTimeSchema } from './primitives';
import { authenticatorCodeOf, recoveryCodeOf, SECOND_FACTORS, TWO_STEP_MESSAGES } from './rules/two-step-codes';
import { SESSION_COOKIE_HEADER, SESSION_COOKIE_MODE } from './session-cookie';

// Request and reply shapes of the sign-in calls (spec section 7, Auth). Bodies are form-encoded, as the spec says.

const FormBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const LoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Please enter a username').max(100),
  password: z.string().min(1, 'Please enter a password').max(1024),
  /** The browser's cookie notice was accepted before this sign-in (see docs/decisions, cookie consent). */
  cookiePolicyAccepted: FormBoolean.optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** The sign-in calls' optional opt-in to the session cookie (docs/decisions/0206). */
export const SessionCookieHeadersSchema = z.looseObject({
  [SESSION_COOKIE_HEADER]: z
    .literal(SESSION_COOKIE_MODE)
    .optional()
    .describe('`cookie`: the refresh token travels in an HttpOnly cookie, not in the JSON (browsers)'),
});

const RefreshTokenAnswerSchema = z
  .string()
  .optional()
  .describe('Left out when the request opted into the session cookie (`x-portal-session: cookie`)');

export const LoginReplySchema = z.object({
  token: z.object({ access_token: z.string(), refresh_token: RefreshTokenAnswerSchema }),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
  roles: z.array(RoleSchema),
});
export type LoginReply = z.infer<typeof LoginReplySchema>;

export const DashLoginReplySchema = z.object({
  data: z.object({
    token: z.object({
      access_token: z.string(),
      refresh_token: RefreshTokenAnswerSchema,
      expires_in: z.number().int().positive(),
    }),
  }),
});
export type DashLoginReply = z.infer<typeof DashLoginReplySchema>;

/** The token to exchange or end; required unless the request opted into the session cookie, which then holds it. */
export const RefreshRequestSchema = z.object({
  refreshToken: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Required unless `x-portal-session: cookie` is sent, when the cookie carries the token'),
});
export const RevokeRequestSchema = RefreshRequestSchema;

/** RFC 6749 section 5.2 error body: the sign-in calls answer in OAuth's shape, which the web app maps. */
export const OAuthErrorSchema = z.object({
  error: z.enum([
    LOGIN_ERROR_CODES.invalidGrant,
    LOGIN_ERROR_CODES.requiresPasswordReset,
    LOGIN_ERROR_CODES.cookiesPolicy,
    LOGIN_ERROR_CODES.secondStepRequired,
    LOGIN_ERROR_CODES.invalidCode,
    LOGIN_ERROR_CODES.challengeExpired,
    LOGIN_ERROR_CODES.singleSignOnRequired,
    LOGIN_ERROR_CODES.passkeySignInNotAllowed,
    'invalid_request',
  ]),
  error_description: z.string(),
  /** With requires_password_reset: a new account, whose user sets their first password (decision 0139). */
  first_sign_in: z.literal(true).optional(),
  /**
   * With second_step_required (decision 0207): what `POST /api/login/secondStep` completes the sign-in with, once,
   * within `expires_in` seconds, and the factors the user may give there.
   */
  challenge: z.string().optional(),
  factors: z.array(z.enum(SECOND_FACTORS)).optional(),
  expires_in: z.number().int().positive().optional(),
  /**
   * With second_step_required (decision 0210): the user's company requires two-step verification and they have no
   * second factor yet: they set up an authenticator app with the challenge (`factors` is then empty).
   */
  enrolment_required: z.literal(true).optional(),
  requestId: z.string().optional(),
});
export type OAuthError = z.infer<typeof OAuthErrorSchema>;

/** Credentials problems answer in OAuth's shape (decision 0011); a malformed request in the one error shape. */
export const SignInErrorSchema = OAuthErrorSchema.or(ApiErrorSchema);

/** Six digits from an authenticator app; spaces are left out. */
export const AuthenticatorCodeSchema = z
  .string()
  .max(20)
  .refine((text) => authenticatorCodeOf(text) !== undefined, TWO_STEP_MESSAGES.authenticatorCodeFormat)
  .transform((text) => authenticatorCodeOf(text) ?? '');

/** One of the user's recovery codes, as shown (`abcde-12345`) or typed without the dash, in either case. */
export const RecoveryCodeSchema = z
  .string()
  .max(30)
  .refine((text) => recoveryCodeOf(text) !== undefined, TWO_STEP_MESSAGES.recoveryCodeFormat)
  .transform((text) => recoveryCodeOf(text) ?? '');

/** Binary WebAuthn values travel as base64url text (WebAuthn Level 3's JSON forms). */
const Base64UrlSchema = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'Must be base64url');

/** `navigator.credentials.get()`'s answer as JSON (AuthenticationResponseJSON): a passkey's signed assertion. */
export const PasskeyAssertionSchema = z.object({
  id: Base64UrlSchema(1400),
  rawId: Base64UrlSchema(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64UrlSchema(4000),
    authenticatorData: Base64UrlSchema(4000),
    signature: Base64UrlSchema(4000),
    userHandle: Base64UrlSchema(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}),
});
export type PasskeyAssertion = z.infer<typeof PasskeyAssertionSchema>;

/** A passkey's assertion in a form field: its JSON as text. */
const PasskeyAssertionFieldSchema = z
  .string()
  .max(12_000)
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'Must be the JSON of a passkey assertion' });
      return z.NEVER;
    }
  })
  .pipe(PasskeyAssertionSchema);

/**
 * The second step of a sign-in (decisions 0207, 0209): the login answer's challenge, and one of a code, a recovery
 * code or a passkey's assertion (JSON text) over the options `POST /api/login/secondStep/passkey` gave.
 */
export const SecondStepRequestSchema = z
  .object({
    challenge: z.string().min(1).max(200),
    code: AuthenticatorCodeSchema.optional(),
    recoveryCode: RecoveryCodeSchema.optional(),
    passkey: PasskeyAssertionFieldSchema.optional().describe(
      "The JSON of the passkey's assertion (AuthenticationResponseJSON)",
    ),
  })
  .superRefine((request, context) => {
    const given = [request.code, request.recoveryCode, request.passkey].filter((answer) => answer !== undefined);
    if (given.length !== 1) {
      context.addIssue({ code: 'custom', path: ['code'], message: 'Send one of code, recoveryCode or passkey' });
    }
  });

/** A change to the factors asks again who is there: the password, or a code from the authenticator app. */
export const FactorConfirmationSchema = z
  .object({ password: z.string().min(1).max(1024).optional(), code: AuthenticatorCodeSchema.optional() })
  .superRefine((confirmation, context) => {
    if ((confirmation.password === undefined) === (confirmation.code === undefined)) {
      context.addIssue({ code: 'custom', path: ['password'], message: TWO_STEP_MESSAGES.confirmWithOne });
    }
  });

/** Setting up an authenticator app as a sign-in's second step (decision 0210): the login answer's challenge. */
export const EnrolmentRequestSchema = z.object({ challenge: z.string().min(1).max(200) });

/** ... and confirming it with a code from the app. */
export const EnrolmentConfirmRequestSchema = EnrolmentRequestSchema.extend({ code: AuthenticatorCodeSchema });

/** What an authenticator app is set up with: the key, and the otpauth:// URI a QR code carries. */
export const AuthenticatorSetupSchema = z.object({
  /** The key in base32, as apps ask for it when typed in. */
  secret: z.string(),
  /** `otpauth://totp/...` (the key, the issuer and the account's name), drawn as the QR code. */
  uri: z.string(),
});

export const AcceptCookiePolicyRequestSchema = z.object({
  isAccepted: FormBoolean,
  date: ApiDateTimeSchema,
});

export const ChangePasswordRequestSchema = z.object({
  userName: z.string().trim().min(1).max(100),
  currentPassword: z.string().min(1, 'Please enter your current password').max(1024),
  newPassword: z.string().min(1, 'Please enter a new password').max(1024),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

export const ForgotPasswordRequestSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100),
  emailAddress: z.string().trim().min(1, 'Email address is required').max(254),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const EmptyReplySchema = z.object({});
