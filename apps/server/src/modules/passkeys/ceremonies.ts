import { randomBytes } from 'node:crypto';
import type { PasskeyAssertion } from '@portal/contract';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RelyingParty } from './relying-party.js';
import { type ChallengePurpose, type PasskeyRow, passkeyByCredentialId, takePasskeyChallenge } from './repository.js';

/*
 * What every passkey ceremony shares (docs/decisions/0209): new challenges, reading the challenge a browser signed,
 * and checking an assertion, for the second step (two-step) and for a sign-in with a passkey alone (passkeys).
 * Nothing here knows of sessions or throttles.
 */

/** How long a ceremony may take: the second step's five minutes, which also bounds a registration. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;
/** What the browser is told to wait for the user, in milliseconds: within the challenge's life. */
export const PASSKEY_TIMEOUT_MS = 4 * 60 * 1000;

/**
 * 256 random bits: `bytes` for @simplewebauthn's options (a string there would be taken as UTF-8 text and encoded
 * again), `value` as the browser signs it, base64url.
 */
export function newPasskeyChallenge(): { value: string; bytes: Uint8Array<ArrayBuffer> } {
  const bytes = new Uint8Array(randomBytes(32));
  return { value: Buffer.from(bytes).toString('base64url'), bytes };
}

export const challengeExpiry = (now = new Date()) => new Date(now.getTime() + PASSKEY_CHALLENGE_SECONDS * 1000);

/** The challenge the browser signed, as its client data names it; undefined when that cannot be read. */
export function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const challenge: unknown = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === 'string' && challenge !== '' ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Why an assertion was refused, as the audit trail records it. */
export type AssertionRefusal = 'unknown_passkey' | 'other_user' | 'challenge' | 'signature' | 'user_handle';

export type CheckedAssertion =
  | { ok: true; passkey: PasskeyRow; counter: number; backedUp: boolean }
  | { ok: false; reason: AssertionRefusal; passkey?: PasskeyRow };

/**
 * Checks a passkey's assertion: a stored passkey (of `userId`, unless the passkey is to name its user), over a
 * challenge of this purpose that this call uses up, signed for the relying party's id on its origin, with the user
 * verified when `requireUserVerification`, and a counter that went forward (if the authenticator keeps one).
 */
export async function checkAssertion(
  db: Kysely<Database>,
  assertion: PasskeyAssertion,
  options: {
    purpose: Exclude<ChallengePurpose, 'registration'>;
    userId: number | null;
    relyingParty: RelyingParty;
    requireUserVerification: boolean;
  },
): Promise<CheckedAssertion> {
  const challenge = signedChallenge(assertion.response.clientDataJSON);
  // Taken first, whatever follows: a challenge is tried once.
  const taken = challenge ? await takePasskeyChallenge(db, challenge, options.purpose, options.userId) : undefined;
  const passkey = await passkeyByCredentialId(db, assertion.id);
  if (!passkey) return { ok: false, reason: 'unknown_passkey' };
  if (options.userId !== null && passkey.userId !== options.userId) return { ok: false, reason: 'other_user' };
  if (!taken || !challenge) return { ok: false, reason: 'challenge', passkey };
  // A passkey alone names its user twice: by its id, and by the user handle it was made with.
  const handle = assertion.response.userHandle;
  if (handle !== undefined && handle !== passkey.userHandle) return { ok: false, reason: 'user_handle', passkey };
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challenge,
      expectedOrigin: options.relyingParty.origin,
      expectedRPID: options.relyingParty.id,
      expectedType: 'webauthn.get',
      credential: { id: passkey.credentialId, publicKey: passkey.publicKey, counter: passkey.counter },
      requireUserVerification: options.requireUserVerification,
    });
    if (!verified) return { ok: false, reason: 'signature', passkey };
    return {
      ok: true,
      passkey,
      counter: authenticationInfo.newCounter,
      backedUp: authenticationInfo.credentialBackedUp,
    };
  } catch {
    // A wrong origin, relying party, type, flags, counter or signature: the library names which in its message.
    return { ok: false, reason: 'signature', passkey };
  }
}
