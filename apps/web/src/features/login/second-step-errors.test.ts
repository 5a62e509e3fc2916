import { TWO_STEP_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { secondStepErrorText } from './second-step-errors';

describe('secondStepErrorText', () => {
  it('names the factor a wrong code was for, and sends an expired sign-in back to the password', () => {
    expect(secondStepErrorText('invalid_code', 'authenticator')).toBe(TWO_STEP_MESSAGES.wrongAuthenticatorCode);
    expect(secondStepErrorText('invalid_code', 'recovery_code')).toBe(TWO_STEP_MESSAGES.wrongRecoveryCode);
    expect(secondStepErrorText('challenge_expired', 'authenticator')).toBe(TWO_STEP_MESSAGES.challengeExpired);
  });

  it('says what the first step says of a throttle or a failed server', () => {
    expect(secondStepErrorText('too_many_attempts', 'authenticator', 61)).toBe(
      'Too many attempts. Please try again in 2 minutes.',
    );
    expect(secondStepErrorText('server', 'recovery_code')).toBe('Server error, please try later.');
  });
});
