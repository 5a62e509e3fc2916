import { describe, expect, it } from 'vitest';
import { signInWayOf } from './session-text';

describe('signInWayOf', () => {
  it.each([
    ['password', null, 'Password'],
    ['password', 'authenticator', 'Password and authenticator app'],
    ['password', 'recovery_code', 'Password and recovery code'],
    ['password', 'passkey', 'Password and passkey'],
    ['sso', null, 'Single sign-on'],
    ['passkey', null, 'Passkey'],
  ] as const)('says %s with %s as "%s"', (method, secondFactor, expected) => {
    expect(signInWayOf({ method, secondFactor })).toBe(expected);
  });
});
