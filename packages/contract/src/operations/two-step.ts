import { z } from 'zod';
import { ApiErrorSchema } from '../api';
import {
  AuthenticatorCodeSchema,
  AuthenticatorSetupSchema,
  FactorConfirmationSchema as ConfirmationSchema,
  EmptyReplySchema,
} from '../auth-api';
import { operation } from '../operation';
import { IsoDateTimeSchema } from '../primitives';

// Two-step verification of the caller's own account (docs/decisions/0207): an authenticator app and recovery codes.
// The sign-in's second step itself is `login.secondStep`.

const TwoStepStatusSchema = z.object({
  /** The confirmed authenticator app, or null when there is none (one being set up is not yet counted). */
  authenticator: z.object({ addedAt: IsoDateTimeSchema }).nullable(),
  /** The recovery codes still unused. */
  recoveryCodesLeft: z.number().int().min(0),
  /** How many passkeys the caller has (decision 0209): each is a second factor too. */
  passkeys: z.number().int().min(0),
});

const RecoveryCodesSchema = z.object({
  /** Shown once: only their hashes are kept. `abcde-12345`. */
  recoveryCodes: z.array(z.string()),
});

export const status = operation({
  method: 'GET',
  path: '/api/twoStep',
  summary: "The caller's second factors: whether an authenticator app is set up, and how many recovery codes are left",
  access: 'signed-in',
  wholeEstate: true,
  response: TwoStepStatusSchema,
});

export const startAuthenticator = operation({
  method: 'POST',
  path: '/api/twoStep/authenticator',
  summary:
    'Start setting up an authenticator app: a new key, which counts once confirmed with a code (a setup not confirmed is replaced by the next)',
  access: 'signed-in',
  wholeEstate: true,
  response: AuthenticatorSetupSchema,
  errors: { 409: ApiErrorSchema },
});

export const confirmAuthenticator = operation({
  method: 'POST',
  path: '/api/twoStep/authenticator/confirm',
  summary:
    'Confirm the authenticator app being set up with a code from it; answers ten recovery codes, shown this once',
  access: 'signed-in',
  wholeEstate: true,
  body: z.object({ code: AuthenticatorCodeSchema }),
  response: RecoveryCodesSchema,
  errors: { 409: ApiErrorSchema, 429: ApiErrorSchema },
});

export const removeAuthenticator = operation({
  method: 'POST',
  path: '/api/twoStep/authenticator/remove',
  summary: 'Remove the authenticator app and the recovery codes, confirmed with the password or a current code',
  access: 'signed-in',
  wholeEstate: true,
  body: ConfirmationSchema,
  response: EmptyReplySchema,
  errors: { 409: ApiErrorSchema, 429: ApiErrorSchema },
});

export const replaceRecoveryCodes = operation({
  method: 'POST',
  path: '/api/twoStep/recoveryCodes',
  summary: 'Replace every recovery code with ten new ones, confirmed with the password or a current code',
  access: 'signed-in',
  wholeEstate: true,
  body: ConfirmationSchema,
  response: RecoveryCodesSchema,
  errors: { 409: ApiErrorSchema, 429: ApiErrorSchema },
});
