import { PASSWORD_MIN_LENGTH, passwordMinLengthMessage, VALIDATION_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  codePointLength,
  commonPasswordList,
  generateTemporaryPassword,
  isCommonPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_POLICY_MESSAGES,
  passwordPolicyErrorDetails,
  TEMPORARY_PASSWORD_LENGTH,
} from './password-policy.js';

// Twelve characters, every class, random: meets every rule.
const GOOD = 'Xk7#mPq9!vLw';
const rules = (password: string, options?: Parameters<typeof checkPassword>[1]) =>
  checkPassword(password, options).map((violation) => violation.rule);

describe('checkPassword', () => {
  it('accepts a password that meets every rule', () => {
    expect(checkPassword(GOOD)).toEqual([]);
    expect(checkPassword(GOOD, { currentPassword: 'Something-else-42' })).toEqual([]);
  });

  it.each([
    ['lowerCase', 'XK7#MPQ9!VLW', VALIDATION_MESSAGES.passwordNeedsLowerCase],
    ['upperCase', 'xk7#mpq9!vlw', VALIDATION_MESSAGES.passwordNeedsUpperCase],
    ['number', 'Xkz#mPqy!vLw', VALIDATION_MESSAGES.passwordNeedsNumber],
    ['specialCharacter', 'Xk7bmPq9cvLw', VALIDATION_MESSAGES.passwordNeedsSpecialCharacter],
    ['minLength', 'Xk7#mPq9!vL', 'Must contain 12 or more characters'],
  ])('names the %s rule with the spec message', (rule, password, message) => {
    expect(checkPassword(password)).toEqual([{ rule, message }]);
  });

  it("uses the contract's minimum of 12 and its message", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(checkPassword('Aa1!').find((v) => v.rule === 'minLength')?.message).toBe(
      passwordMinLengthMessage(PASSWORD_MIN_LENGTH),
    );
  });

  it('lists every broken rule in the order the form shows its criteria', () => {
    expect(rules('')).toEqual(['lowerCase', 'upperCase', 'number', 'specialCharacter', 'minLength']);
  });

  it('allows up to 128 characters and refuses more', () => {
    const longest = `${GOOD}${'a'.repeat(PASSWORD_MAX_LENGTH - GOOD.length)}`;
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64);
    expect(checkPassword(longest)).toEqual([]);
    expect(checkPassword(`${longest}a`)).toEqual([{ rule: 'maxLength', message: PASSWORD_POLICY_MESSAGES.maxLength }]);
    expect(PASSWORD_POLICY_MESSAGES.maxLength).toBe('Must contain no more than 128 characters');
  });

  it('counts characters as code points, not UTF-16 units', () => {
    // The emoji is two UTF-16 units: 12 units but 11 characters.
    const elevenCharacters = 'Xk7#mPq9!v😀';
    expect(elevenCharacters.length).toBe(12);
    expect(codePointLength(elevenCharacters)).toBe(11);
    expect(rules(elevenCharacters)).toEqual(['minLength']);
    expect(checkPassword('Xk7#mPq9!vL😀')).toEqual([]);
    const longestWithEmoji = `Aa1!${'😀'.repeat(PASSWORD_MAX_LENGTH - 4)}`;
    expect(longestWithEmoji.length).toBeGreaterThan(PASSWORD_MAX_LENGTH);
    expect(checkPassword(longestWithEmoji)).toEqual([]);
    expect(rules(`${longestWithEmoji}😀`)).toEqual(['maxLength']);
  });

  it("takes the contract's character classes: a non-ASCII letter counts as a special character", () => {
    expect(checkPassword('Zürich1Zurich2')).toEqual([]);
    expect(rules('ZÜRICH1ZÜRICH2')).toEqual(['lowerCase']);
  });

  it('refuses the new password when it is the current one', () => {
    expect(checkPassword(GOOD, { currentPassword: GOOD })).toEqual([
      { rule: 'sameAsCurrent', message: 'Your new password must be different to your current password' },
    ]);
    // Different only in case is a different password.
    expect(checkPassword(GOOD, { currentPassword: GOOD.toLowerCase() })).toEqual([]);
  });

  it('refuses common passwords with the too-common message', () => {
    expect(checkPassword('Password123!')).toEqual([
      { rule: 'common', message: 'This password is too common. Choose a less predictable one.' },
    ]);
  });

  it('reports the other rules beside the common one', () => {
    expect(rules('password', { currentPassword: 'password' })).toEqual([
      'upperCase',
      'number',
      'specialCharacter',
      'minLength',
      'common',
      'sameAsCurrent',
    ]);
  });

  it('answers a huge input at once (no backtracking on a megabyte)', () => {
    const started = performance.now();
    expect(rules(`${'1'.repeat(1_000_000)}a`)).toEqual(['upperCase', 'specialCharacter', 'maxLength']);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('turns violations into API error details', () => {
    expect(passwordPolicyErrorDetails(checkPassword('Xk7#mPq9!vL'))).toEqual([
      { field: 'newPassword', rule: 'minLength', message: 'Must contain 12 or more characters' },
    ]);
    expect(passwordPolicyErrorDetails([{ rule: 'common', message: 'm' }], 'password')).toEqual([
      { field: 'password', rule: 'common', message: 'm' },
    ]);
  });
});

describe('isCommonPassword', () => {
  it('ships tens of thousands of common passwords, most frequent first', () => {
    const list = commonPasswordList();
    expect(list.size).toBeGreaterThan(10_000);
    for (const password of ['123456', 'password', 'qwerty', 'iloveyou', 'letmein', 'football', 'monkey']) {
      expect(list.has(password)).toBe(true);
    }
  });

  it('compares case-insensitively', () => {
    expect(isCommonPassword('LeaveMeAlone')).toBe(true);
    expect(isCommonPassword('QWERTYUIOP')).toBe(true);
  });

  it.each([
    'Password123!',
    'Welcome2024!',
    'Summer2025!!',
    'Qwerty123456!',
    '1Qaz2wsx3edc!',
    'Football1234!',
    '2024!Liverpool',
    '!!Manchester99',
  ])('sees through digits and symbols around a common password: %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
    expect(rules(password)).toEqual(['common']);
  });

  it('sees through look-alike substitutions', () => {
    expect(isCommonPassword('P@ssw0rd1234')).toBe(true);
    expect(isCommonPassword('L3tm3!n2024#')).toBe(true);
  });

  it('refuses letters-only list entries however they are decorated', () => {
    const sample = [...commonPasswordList()].filter((entry) => /^[a-z]{4,}$/.test(entry)).slice(0, 2_000);
    expect(sample.length).toBe(2_000);
    for (const entry of sample) {
      const decorated = `${entry[0]?.toUpperCase()}${entry.slice(1)}2024!`;
      expect(isCommonPassword(decorated), decorated).toBe(true);
    }
  });

  it('does not refuse random passwords or short cores', () => {
    expect(isCommonPassword(GOOD)).toBe(false);
    expect(isCommonPassword('Tr0ub4dor&3x')).toBe(false);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
    // 'xy' is no word to refuse on, whatever surrounds it.
    expect(isCommonPassword('83920174!@Xy')).toBe(false);
  });

  it('refuses context words (user name, company) like common ones, ignoring very short ones', () => {
    expect(isCommonPassword('AcmeTelecom2024!', ['jsmith', 'Acme Telecom', 'AcmeTelecom'])).toBe(true);
    expect(rules('Jsmith-2024!x', { contextWords: ['jsmith'] })).toEqual([]);
    expect(rules('2024!!Jsmith', { contextWords: ['jsmith'] })).toEqual(['common']);
    expect(isCommonPassword('Abc#2024!!92', ['abc', undefined])).toBe(false);
  });
});

describe('generateTemporaryPassword', () => {
  it('makes distinct 16-character passwords that meet the policy', () => {
    const passwords = Array.from({ length: 300 }, () => generateTemporaryPassword());
    expect(new Set(passwords).size).toBe(passwords.length);
    for (const password of passwords) {
      expect(codePointLength(password)).toBe(TEMPORARY_PASSWORD_LENGTH);
      expect(checkPassword(password), password).toEqual([]);
      expect(password).not.toMatch(/[lIO01\s]/);
    }
  });

  it('uses every character of its alphabet over many draws', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generateTemporaryPassword()).join(''));
    expect(seen.size).toBe(25 + 24 + 8 + 9);
  });

  it('takes a longer length and refuses a shorter or unbounded one', () => {
    expect(generateTemporaryPassword(40)).toHaveLength(40);
    expect(() => generateTemporaryPassword(15)).toThrow(RangeError);
    expect(() => generateTemporaryPassword(PASSWORD_MAX_LENGTH + 1)).toThrow(RangeError);
    expect(() => generateTemporaryPassword(16.5)).toThrow(RangeError);
  });
});
