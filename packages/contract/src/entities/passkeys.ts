import { z } from 'zod';
import { PasskeyAssertionSchema } from '../auth-api';
import { IsoDateTimeSchema } from '../primitives';
import { PASSKEY_NAME_MAX } from '../rules/two-step-codes';

// Passkeys (WebAuthn, docs/decisions/0209): what My Account lists, and the ceremonies' options and answers in
// WebAuthn Level 3's JSON forms, which @simplewebauthn's browser and server packages read and write.

/** What the user calls a passkey ("Work laptop"), so they can tell theirs apart. */
export const PasskeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name for the passkey')
  .max(PASSKEY_NAME_MAX, `Use at most ${PASSKEY_NAME_MAX} characters`);

export const PasskeySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  createdAt: IsoDateTimeSchema,
  /** Null until it is first used to sign in. */
  lastUsedAt: IsoDateTimeSchema.nullable(),
  /** Synced by its provider to the user's other devices (a multi-device passkey), as the authenticator said. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

const CredentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** `navigator.credentials.create()`'s options as JSON (PublicKeyCredentialCreationOptionsJSON). */
export const PasskeyCreationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  excludeCredentials: z.array(CredentialDescriptorSchema).optional(),
});

/** `navigator.credentials.get()`'s options as JSON (PublicKeyCredentialRequestOptionsJSON). */
export const PasskeyRequestOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  allowCredentials: z.array(CredentialDescriptorSchema).optional(),
  userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
});

const Base64Url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'Must be base64url');

/** `navigator.credentials.create()`'s answer as JSON (RegistrationResponseJSON): the new passkey, attested. */
export const PasskeyAttestationSchema = z.object({
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url(4000),
    attestationObject: Base64Url(16_000),
    authenticatorData: Base64Url(8000).optional(),
    transports: z.array(z.string().max(30)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64Url(4000).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}),
});

export const PasskeyRegistrationSchema = z.object({
  name: PasskeyNameSchema,
  response: PasskeyAttestationSchema,
});

export const PasskeyAddedSchema = z.object({
  passkey: PasskeySchema,
  /**
   * Ten recovery codes, shown this once, when this passkey is the account's first second factor (a lost device must
   * not lock its user out); null when the account had recovery codes already.
   */
  recoveryCodes: z.array(z.string()).nullable(),
});

/** Signing in with a passkey alone (decision 0209): the assertion over the options the server gave. */
export const PasskeySignInRequestSchema = z.object({
  response: PasskeyAssertionSchema,
  /** The browser's cookie notice was accepted before this sign-in. */
  cookiePolicyAccepted: z.boolean().optional(),
});
