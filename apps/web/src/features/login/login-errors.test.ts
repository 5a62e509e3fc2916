import { describe, expect, it } from 'vitest';
import { loginErrorText } from './login-errors';

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

  it('points a user whose company allows single sign-on only to it (decision 0210)', () => {
    expect(loginErrorText('single_sign_on_required')).toBe(
      'Your company requires “Sign in with single sign-on” below.',
    );
  });
});
