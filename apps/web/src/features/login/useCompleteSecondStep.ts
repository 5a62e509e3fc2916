import { completeSecondStep } from '../../api/auth-api';
import { themeCodeCookie } from '../../partner/usePartner';
import { secondStepErrorText } from './second-step-errors';
import { type SecondStepOutcome, useGoToSignedInTarget } from './useSignIn';

/** The second step of a sign-in (decisions 0207, 0209): an authenticator app's code, a recovery code, or a passkey. */
export function useCompleteSecondStep() {
  const goToSignedInTarget = useGoToSignedInTarget();

  return async function complete(
    challenge: string,
    answer: { code: string } | { recoveryCode: string } | { passkey: string },
  ): Promise<SecondStepOutcome> {
    const themeBefore = themeCodeCookie();
    const result = await completeSecondStep(challenge, answer, { cookiePolicyAccepted: true });
    if (!result.ok) {
      if (result.reason === 'server') console.error('Sign-in failed: the server gave no answer');
      const factor = 'code' in answer ? 'authenticator' : 'passkey' in answer ? 'passkey' : 'recovery_code';
      return {
        ok: false,
        error: secondStepErrorText(result.reason, factor, result.retryAfterSeconds),
        restart: result.reason === 'challenge_expired',
      };
    }
    goToSignedInTarget(themeBefore);
    return { ok: true };
  };
}
