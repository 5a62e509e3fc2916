import { randomInt } from 'node:crypto';
import {
  AUTHENTICATOR_SETTINGS,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
} from '@portal/contract';
import { Secret, TOTP } from 'otpauth';

/*
 * The authenticator app's codes (RFC 6238, through otpauth) and recovery codes (docs/decisions/0207). Nothing here
 * reads or writes the database.
 */

/**
 * Steps either side of the server's own that a code may come from: one, for a phone's clock a little off and the
 * time it takes to type the code (RFC 6238 section 5.2). Which step matched is kept, so no code works twice.
 */
const DRIFT_STEPS = 1;

/** A new key for an authenticator app: 160 random bits (RFC 4226's recommended length), in base32. */
export function newAuthenticatorSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, account?: { issuer: string; label: string }) {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: AUTHENTICATOR_SETTINGS.algorithm,
    digits: AUTHENTICATOR_SETTINGS.digits,
    period: AUTHENTICATOR_SETTINGS.periodSeconds,
    ...(account ?? {}),
  });
}

/** The otpauth:// URI an app reads from the QR code: the key, and whom it is for (the portal's name, the username). */
export function authenticatorUri(secret: string, account: { issuer: string; label: string }): string {
  return totpOf(secret, account).toString();
}

/** The 30-second step a moment falls in, counted from 1970 as RFC 6238 counts them. */
export function stepAt(now: Date): number {
  return TOTP.counter({ period: AUTHENTICATOR_SETTINGS.periodSeconds, timestamp: now.getTime() });
}

/** A code checked: the step it was accepted for, or refused (`reused`: it was right, but of a step already used). */
export type CodeCheck = { accepted: true; step: number } | { accepted: false; reused: boolean };

/**
 * Accepts the code of the current step or of one step either side, if that step comes after `lastUsedStep`: a code
 * once accepted, or any code of a step before it, is refused, so no code works twice.
 */
export function checkAuthenticatorCode(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  now = new Date(),
): CodeCheck {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
  if (delta === null) return { accepted: false, reused: false };
  const step = stepAt(now) + delta;
  return lastUsedStep === null || step > lastUsedStep ? { accepted: true, step } : { accepted: false, reused: true };
}

/** Ten new recovery codes, each 10 characters drawn uniformly by the CSPRNG from Crockford's base32 (50 bits). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
    ).join(''),
  );
}
