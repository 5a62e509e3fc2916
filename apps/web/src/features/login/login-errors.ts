import { SIGN_IN_NOTIFICATION_MESSAGES } from '@portal/contract';
import type { LoginFailureReason } from '../../api/auth-api';

/** What the login card says for each failure (spec section 8); requires_password_reset switches screens instead. */
export function loginErrorText(reason: LoginFailureReason, retryAfterSeconds?: number): string {
  switch (reason) {
    case 'invalid_grant':
      return SIGN_IN_NOTIFICATION_MESSAGES.loginInvalidCredentials;
    case 'cookies_policy':
      return SIGN_IN_NOTIFICATION_MESSAGES.loginCookiesPolicy;
    case 'server':
      return SIGN_IN_NOTIFICATION_MESSAGES.serverError;
    case 'single_sign_on_required':
      // Beyond the spec: the company allows single sign-on only (decision 0210); kept short, the page is on a budget.
      return 'Your company requires “Sign in with single sign-on” below.';
    case 'too_many_attempts':
      return tooManyAttemptsText(retryAfterSeconds);
    default:
      return SIGN_IN_NOTIFICATION_MESSAGES.loginUnexpectedError;
  }
}

// Beyond the spec: the server throttles guessing (docs/decisions/0010) and says when to try again.
function tooManyAttemptsText(retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined) return 'Too many attempts. Please try again later.';
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
