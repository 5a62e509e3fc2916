import { NOTIFICATION_MESSAGES, type SecondFactor, TWO_STEP_MESSAGES } from '@portal/contract';
import type { LoginFailureReason } from '../../api/auth-api';

/** What the login card says for each failure (spec section 8); requires_password_reset switches screens instead. */
export function loginErrorText(reason: LoginFailureReason, retryAfterSeconds?: number): string {
  switch (reason) {
    case 'invalid_grant':
      return NOTIFICATION_MESSAGES.loginInvalidCredentials;
    case 'cookies_policy':
      return NOTIFICATION_MESSAGES.loginCookiesPolicy;
    case 'server':
      return NOTIFICATION_MESSAGES.serverError;
    case 'too_many_attempts':
      return tooManyAttemptsText(retryAfterSeconds);
    default:
      return NOTIFICATION_MESSAGES.loginUnexpectedError;
  }
}

/** What the second step says when a code is refused (decision 0207). */
export function secondStepErrorText(
  reason: LoginFailureReason,
  factor: SecondFactor,
  retryAfterSeconds?: number,
): string {
  switch (reason) {
    case 'invalid_code':
      return factor === 'authenticator'
        ? TWO_STEP_MESSAGES.wrongAuthenticatorCode
        : TWO_STEP_MESSAGES.wrongRecoveryCode;
    case 'challenge_expired':
      return TWO_STEP_MESSAGES.challengeExpired;
    default:
      return loginErrorText(reason, retryAfterSeconds);
  }
}

// Beyond the spec: the server throttles guessing (docs/decisions/0010) and says when to try again.
function tooManyAttemptsText(retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined) return 'Too many attempts. Please try again later.';
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
