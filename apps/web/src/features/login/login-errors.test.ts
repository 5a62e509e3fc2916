import { TWO_STEP_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { loginErrorText, secondStepErrorText } from './login-errors';

describe('loginErrorText', () => {
  it('uses the exact texts of spec section 8', () => {
    expect(loginErrorText('invalid_grant')).toBe('Invalid username or password.');
    expect(loginErrorText('cookies_policy')).toBe('Please accept the cookies message above to continue.');
    expect(loginErrorText('unexpected')).toBe('Unexpected error, please try again later.');
    expect(loginErrorText('server')).toBe('Server error, please try later.');
  });

  it('tells a throttled user when to try again', () => {
    expect(loginErrorText('too_many_attempts', 61)).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(loginErrorText('too_many_attempts', 30)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(loginErrorText('too_many_attempts')).toBe('Too many attempts. Please try again later.');
  });
});

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
