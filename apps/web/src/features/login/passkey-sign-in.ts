import {
  type PasskeyAssertion,
  passkeyOperations,
  SESSION_COOKIE_HEADER,
  SESSION_COOKIE_MODE,
  TWO_STEP_MESSAGES,
} from '@portal/contract';
import { startAuthentication, WebAuthnError } from '@simplewebauthn/browser';
import { signInWith } from '../../api/auth-api';
import { callOperation } from '../../api/operations';
import { isCookiePolicyAccepted } from '../../cookie-consent/cookie-consent-store';
import { resolveAppUrl } from '../../lib/base-url';
import { takeRedirectUrl } from '../../session/redirect-url';
import { loginErrorText } from './login-errors';

/*
 * The browser's side of passkeys at sign-in (docs/decisions/0209), with @simplewebauthn/browser: loaded only when a
 * user asks for a passkey (the sign-in page's button, the second step's), never with the sign-in page itself.
 */

/** `cancelled`: the user closed the browser's passkey prompt, or it timed out; `failed`: the browser could not ask. */
export type Ceremony = { ok: true; assertion: PasskeyAssertion } | { ok: false; reason: 'cancelled' | 'failed' };

type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** Asks the browser for a passkey's assertion over the server's options. */
async function assertionOver(options: RequestOptions): Promise<Ceremony> {
  try {
    return { ok: true, assertion: (await startAuthentication({ optionsJSON: options })) as PasskeyAssertion };
  } catch (error) {
    // NotAllowedError: the user said no, or let the prompt time out (the browser does not say which, on purpose).
    const name = error instanceof WebAuthnError ? (error.cause as Error | undefined)?.name : (error as Error)?.name;
    return { ok: false, reason: name === 'NotAllowedError' || name === 'AbortError' ? 'cancelled' : 'failed' };
  }
}

/** The second step's passkey (its options are for this sign-in's challenge): the assertion's JSON for the form. */
export async function passkeyForSecondStep(
  challenge: string,
): Promise<{ ok: true; passkey: string } | { ok: false; error: string; restart: boolean }> {
  let options: RequestOptions;
  try {
    options = (await callOperation(passkeyOperations.secondStepOptions, { body: { challenge } })) as RequestOptions;
  } catch {
    // Options are refused only for a challenge that is no longer live: the password must be given again.
    return { ok: false, error: TWO_STEP_MESSAGES.challengeExpired, restart: true };
  }
  const ceremony = await assertionOver(options);
  if (!ceremony.ok) return { ok: false, error: ceremonyError(ceremony.reason), restart: false };
  return { ok: true, passkey: JSON.stringify(ceremony.assertion) };
}

/**
 * The sign-in page's "Sign in with a passkey": a passkey alone, the rest as every sign-in (session, dash tokens,
 * cookie notice), then a whole load of the page the user was going to, which the session cookie signs in again
 * (decision 0206), so that none of this needs the sign-in page's router. The card's state is set from here, so the
 * page's own code is a button and an import (its budget is nearly spent).
 */
export async function signInWithPasskey(
  setError: (error: string | undefined) => void,
  setSubmitting: (busy: boolean) => void,
): Promise<void> {
  setError(undefined);
  setSubmitting(true);
  const error = await passkeySignIn();
  if (error === undefined) {
    // The page is going: the button stays busy until it has.
    window.location.assign(resolveAppUrl(takeRedirectUrl()).href);
    return;
  }
  setSubmitting(false);
  setError(error);
}

/** What went wrong signing in with a passkey alone, or undefined once signed in. */
async function passkeySignIn(): Promise<string | undefined> {
  if (!isCookiePolicyAccepted()) return loginErrorText('cookies_policy');
  let ceremony: Ceremony;
  try {
    const options = await callOperation(passkeyOperations.signInOptions, {});
    ceremony = await assertionOver(options as RequestOptions);
  } catch {
    return loginErrorText('server');
  }
  if (!ceremony.ok) return ceremonyError(ceremony.reason);
  const { assertion } = ceremony;
  const result = await signInWith(
    () =>
      callOperation(
        passkeyOperations.signIn,
        { body: { response: assertion, cookiePolicyAccepted: true } },
        // The refresh token in the HttpOnly cookie, as every sign-in of the browser's (decision 0206); the client
        // adds this header itself only to the calls of the sign-in page's own code.
        { headers: { [SESSION_COOKIE_HEADER]: SESSION_COOKIE_MODE } },
      ),
    { cookiePolicyAccepted: true },
  );
  if (result.ok) return undefined;
  if (result.reason === 'passkey_sign_in_not_allowed') return TWO_STEP_MESSAGES.passkeySignInNotAllowed;
  if (result.reason === 'invalid_grant') return TWO_STEP_MESSAGES.passkeyNotAccepted;
  return loginErrorText(result.reason, result.retryAfterSeconds);
}

function ceremonyError(reason: 'cancelled' | 'failed'): string {
  return reason === 'cancelled' ? TWO_STEP_MESSAGES.passkeyCancelled : TWO_STEP_MESSAGES.passkeyNotAccepted;
}
