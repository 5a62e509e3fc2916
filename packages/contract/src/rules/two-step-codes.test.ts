import { describe, expect, it } from 'vitest';
import { AuthenticatorCodeSchema, RecoveryCodeSchema } from '../auth-api';
import { authenticatorCodeOf, formatRecoveryCode, recoveryCodeOf } from './two-step-codes';

describe('authenticatorCodeOf', () => {
  it('reads six digits, with the space an app shows them with', () => {
    expect(authenticatorCodeOf('123456')).toBe('123456');
    expect(authenticatorCodeOf(' 123 456 ')).toBe('123456');
  });

  it('refuses anything else', () => {
    for (const text of ['', '12345', '1234567', '12345a', '１２３４５６'])
      expect(authenticatorCodeOf(text)).toBeUndefined();
  });
});

describe('recoveryCodeOf', () => {
  it('reads a code as shown, or typed without the dash, in either case, with look-alike letters as digits', () => {
    expect(recoveryCodeOf('abcde-12345')).toBe('abcde12345');
    expect(recoveryCodeOf('ABCDE 12345')).toBe('abcde12345');
    expect(recoveryCodeOf('abcdeI2345')).toBe('abcde12345');
    expect(recoveryCodeOf('Oabcd-l2345')).toBe('0abcd12345');
  });

  it('refuses codes of another length or alphabet', () => {
    for (const text of ['abcde-1234', 'abcde-123456', 'abcde-1234u', 'abcde_12345']) {
      expect(recoveryCodeOf(text)).toBeUndefined();
    }
  });

  it('shows a code as two groups of five, which it reads back', () => {
    expect(formatRecoveryCode('abcde12345')).toBe('abcde-12345');
    expect(recoveryCodeOf(formatRecoveryCode('0123456789'))).toBe('0123456789');
  });
});

describe('the request schemas', () => {
  it('agree with the rules and pass on the code as stored', () => {
    expect(AuthenticatorCodeSchema.parse('123 456')).toBe('123456');
    expect(AuthenticatorCodeSchema.safeParse('12345').success).toBe(false);
    expect(RecoveryCodeSchema.parse('ABCDE-12345')).toBe('abcde12345');
    expect(RecoveryCodeSchema.safeParse('abcde').success).toBe(false);
  });
});
