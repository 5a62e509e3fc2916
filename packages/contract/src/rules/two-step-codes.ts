/*
 * Two-step verification's codes (docs/decisions/0207), one rule for the sign-in page, My Account and the server.
 * No zod here: the sign-in page checks its second step with these before any schema has loaded (decision 0184).
 */

/**
 * An authenticator app's codes (RFC 6238): six digits, a new one every 30 seconds, from HMAC-SHA1. Every app
 * supports exactly these; other settings are ignored or misread by some of them.
 */
export const AUTHENTICATOR_SETTINGS = { algorithm: 'SHA1', digits: 6, periodSeconds: 30 } as const;

/** How many recovery codes a user is given at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** Recovery codes are 10 characters of Crockford's base32 (no i, l, o or u): 50 random bits each. */
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const RECOVERY_CODE_LENGTH = 10;

/** How long the second step of a sign-in may take before the password must be given again. */
export const SECOND_STEP_SECONDS = 5 * 60;

/**
 * The ways a user can complete the second step: their authenticator app, one of their recovery codes, or one of their
 * passkeys (decision 0209).
 */
export const SECOND_FACTORS = ['authenticator', 'recovery_code', 'passkey'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** Six digits, as an app shows them: spaces (an app's "123 456") are left out. */
export function authenticatorCodeOf(text: string): string | undefined {
  const digits = text.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

// What a person may type for a character they misread: O for zero, I or L for one.
const LOOK_ALIKES: Readonly<Record<string, string>> = { o: '0', i: '1', l: '1' };

/**
 * A recovery code as stored: lower case, without the dash or spaces it is shown or typed with, look-alike letters
 * read as the digits they stand for; undefined when it cannot be one.
 */
export function recoveryCodeOf(text: string): string | undefined {
  const code = text
    .toLowerCase()
    .replace(/[\s-]/g, '')
    .replace(/[oil]/g, (letter) => LOOK_ALIKES[letter] ?? letter);
  if (code.length !== RECOVERY_CODE_LENGTH) return undefined;
  return [...code].every((character) => RECOVERY_CODE_ALPHABET.includes(character)) ? code : undefined;
}

/** A recovery code as shown: two groups of five, `abcde-12345`. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The words both sides use for two-step verification's refusals. */
export const TWO_STEP_MESSAGES = {
  authenticatorCodeFormat: 'Enter the 6-digit code from your authenticator app.',
  recoveryCodeFormat: 'Enter one of your recovery codes, like abcde-12345.',
  wrongAuthenticatorCode: 'That code is not right. Check your authenticator app and try again.',
  wrongRecoveryCode: 'That recovery code is not right, or it has been used.',
  challengeExpired: 'Your sign-in has timed out. Please log in again.',
  wrongPassword: 'Your password is not correct.',
  confirmWithOne: 'Enter your password or a code from your authenticator app.',
  passkeyNotAccepted: 'That passkey was not accepted. Try again, or use another way to sign in.',
  passkeyCancelled: 'The passkey was not used. Try again when you are ready.',
  passkeySignInNotAllowed: 'Your company does not allow signing in with a passkey alone. Log in with your password.',
} as const;

/** How long a passkey's name may be: enough for "Work laptop (Chrome)", short enough for a row on a phone. */
export const PASSKEY_NAME_MAX = 50;
