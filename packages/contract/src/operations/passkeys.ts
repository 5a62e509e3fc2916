import { z } from 'zod';
import { ApiErrorSchema } from '../api';
import {
  EmptyReplySchema,
  FactorConfirmationSchema,
  LoginReplySchema,
  SessionCookieHeadersSchema,
  SignInErrorSchema,
} from '../auth-api';
import {
  PasskeyAddedSchema,
  PasskeyCreationOptionsSchema,
  PasskeyNameSchema,
  PasskeyRegistrationSchema,
  PasskeyRequestOptionsSchema,
  PasskeySchema,
  PasskeySignInRequestSchema,
} from '../entities/passkeys';
import { operation } from '../operation';
import { idParam } from '../params';

// Passkeys (WebAuthn, docs/decisions/0209): the caller's own on My Account, a passkey as the sign-in's second step,
// and signing in with a passkey alone where the user's companies allow it.

const PasskeyParams = z.object({ id: idParam('passkey') });

export const list = operation({
  method: 'GET',
  path: '/api/passkeys',
  summary: "The caller's passkeys, oldest first",
  access: 'signed-in',
  wholeEstate: true,
  response: z.array(PasskeySchema),
});

export const startRegistration = operation({
  method: 'POST',
  path: '/api/passkeys/registration',
  summary:
    "Begin adding a passkey, confirmed with the password or a current code (a passkey may sign in alone, so a session must not add one unasked): the options for the browser's navigator.credentials.create(), with a challenge good once for five minutes",
  access: 'signed-in',
  wholeEstate: true,
  body: FactorConfirmationSchema,
  response: PasskeyCreationOptionsSchema,
  errors: { 429: ApiErrorSchema },
});

export const register = operation({
  method: 'POST',
  path: '/api/passkeys',
  summary:
    "Add the passkey the browser created over the latest registration options, under the name given; the account's first second factor also answers ten recovery codes, shown this once",
  access: 'signed-in',
  wholeEstate: true,
  body: PasskeyRegistrationSchema,
  response: PasskeyAddedSchema,
  errors: { 409: ApiErrorSchema },
});

export const rename = operation({
  method: 'PUT',
  path: '/api/passkeys/:id',
  summary: "Rename one of the caller's passkeys",
  access: 'signed-in',
  wholeEstate: true,
  params: PasskeyParams,
  body: z.object({ name: PasskeyNameSchema }),
  response: PasskeySchema,
});

export const remove = operation({
  method: 'POST',
  path: '/api/passkeys/:id/remove',
  summary:
    "Remove one of the caller's passkeys, confirmed with the password or a current code; the last second factor takes the recovery codes with it",
  access: 'signed-in',
  wholeEstate: true,
  params: PasskeyParams,
  body: FactorConfirmationSchema,
  response: EmptyReplySchema,
  errors: { 409: ApiErrorSchema, 429: ApiErrorSchema },
});

export const secondStepOptions = operation({
  method: 'POST',
  path: '/api/login/secondStep/passkey',
  summary:
    'The options for navigator.credentials.get() in the second step of a sign-in that answered second_step_required with the passkey factor (form-encoded); the assertion then goes to POST /api/login/secondStep',
  access: 'public',
  body: z.object({ challenge: z.string().min(1).max(200) }),
  bodyEncoding: 'form',
  response: PasskeyRequestOptionsSchema,
  errors: { 400: SignInErrorSchema, 429: ApiErrorSchema },
});

export const signInOptions = operation({
  method: 'POST',
  path: '/api/login/passkey/options',
  summary:
    'Begin signing in with a passkey alone: the options for navigator.credentials.get() (any passkey of the portal, user verification required), good once for five minutes',
  access: 'public',
  response: PasskeyRequestOptionsSchema,
  errors: { 429: ApiErrorSchema },
});

export const signIn = operation({
  method: 'POST',
  path: '/api/login/passkey',
  summary:
    "Sign in with a passkey alone, where every company of its user allows it and none requires single sign-on; answers the password sign-in's tokens",
  access: 'public',
  headers: SessionCookieHeadersSchema,
  body: PasskeySignInRequestSchema,
  response: LoginReplySchema,
  errors: { 400: SignInErrorSchema, 429: ApiErrorSchema },
});
