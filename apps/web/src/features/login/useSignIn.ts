import { useNavigate } from 'react-router';
import { login, type SecondStep } from '../../api/auth-api';
import { useCookieConsent } from '../../cookie-consent/CookieConsent';
import { resolveAppUrl } from '../../lib/base-url';
import { themeCodeCookie } from '../../partner/usePartner';
import { takeRedirectUrl } from '../../session/redirect-url';
import { loginErrorText } from './login-errors';

/**
 * `passwordExpired`: the password must be changed first; `firstSignIn`: it is a new account's first (0139);
 * `secondStep`: the password was right, and a code must follow (0207).
 */
export type SignInOutcome =
  | { ok: true }
  | { ok: false; error: string }
  | { ok: false; passwordExpired: true; firstSignIn: boolean }
  | { ok: false; secondStep: SecondStep };

/** `restart`: the second step has expired (or was used), so the password must be given again. */
export type SecondStepOutcome = { ok: true } | { ok: false; error: string; restart: boolean };

/**
 * The login flow of spec section 4: the cookie policy first (checked here, before any request), then the token,
 * dash token and consent calls, then the remembered URL, with a full reload if sign-in changed the partner theme.
 */
export function useSignIn() {
  const goToSignedInTarget = useGoToSignedInTarget();
  const consent = useCookieConsent();

  return async function signIn(username: string, password: string): Promise<SignInOutcome> {
    if (!consent.accepted) {
      consent.highlight();
      return { ok: false, error: loginErrorText('cookies_policy') };
    }
    const themeBefore = themeCodeCookie();
    const result = await login(username, password, { cookiePolicyAccepted: true });
    if (!result.ok) {
      if (result.reason === 'requires_password_reset') {
        return { ok: false, passwordExpired: true, firstSignIn: result.firstSignIn === true };
      }
      if (result.secondStep) return { ok: false, secondStep: result.secondStep };
      if (result.reason === 'cookies_policy') consent.highlight();
      if (result.reason === 'server') console.error('Sign-in failed: the server gave no answer');
      return { ok: false, error: loginErrorText(result.reason, result.retryAfterSeconds) };
    }
    goToSignedInTarget(themeBefore);
    return { ok: true };
  };
}

/**
 * After any sign-in (the password's, its second step's, single sign-on's): the remembered URL, with a full reload if
 * sign-in changed the partner theme since `themeBefore` (spec 2.1).
 */
export function useGoToSignedInTarget() {
  const navigate = useNavigate();
  return (themeBefore: string | undefined) => {
    const target = takeRedirectUrl();
    if (themeCodeCookie() !== themeBefore) {
      window.location.assign(resolveAppUrl(target).href);
    } else {
      navigate(target, { replace: true });
    }
  };
}
