import { type SecondFactor, TWO_STEP_MESSAGES } from '@portal/contract';
import type { LoginFailureReason } from '../../api/auth-api';
import { loginErrorText } from './login-errors';

// Apart from login-errors.ts: the second step's texts load with its card, not with the sign-in page.

/** What the second step says when a code is refused (decision 0207). */
export function secondStepErrorText(
  reason: LoginFailureReason,
  factor: SecondFactor,
  retryAfterSeconds?: number,
): string {
  switch (reason) {
    case 'invalid_code':
      if (factor === 'passkey') return TWO_STEP_MESSAGES.passkeyNotAccepted;
      return factor === 'authenticator'
        ? TWO_STEP_MESSAGES.wrongAuthenticatorCode
        : TWO_STEP_MESSAGES.wrongRecoveryCode;
    case 'challenge_expired':
      return TWO_STEP_MESSAGES.challengeExpired;
    default:
      return loginErrorText(reason, retryAfterSeconds);
  }
}
