import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { VALIDATION_MESSAGES } from './messages';
import {
  ChangePasswordFormSchema,
  EntityNameInputSchema,
  EntityNameSchema,
  FORGOT_PASSWORD_EMAIL_PATTERN,
  ForgotPasswordFormSchema,
  LoginFormSchema,
  NewPasswordSchema,
  PostCodeSchema,
  simNumberSchema,
  USER_EMAIL_PATTERN,
  USER_NAME_CHARACTERS_MESSAGE,
  UserEmailAddressSchema,
  UserNameInputSchema,
  UserNameSchema,
} from './validation';

function issueMessages(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('email patterns', () => {
  it('forgot password accepts a 2-4 letter ending only', () => {
    expect(FORGOT_PASSWORD_EMAIL_PATTERN.test('jo@example.co')).toBe(true);
    expect(FORGOT_PASSWORD_EMAIL_PATTERN.test('jo.bloggs@example.co.uk')).toBe(true);
    expect(FORGOT_PASSWORD_EMAIL_PATTERN.test('jo@example.info')).toBe(true);
    expect(FORGOT_PASSWORD_EMAIL_PATTERN.test('jo@example.store')).toBe(false);
    expect(FORGOT_PASSWORD_EMAIL_PATTERN.test('jo@example.c')).toBe(false);
  });

  it('the user form accepts a 2-8 letter top-level domain', () => {
    expect(USER_EMAIL_PATTERN.test('jo@example.store')).toBe(true);
    expect(USER_EMAIL_PATTERN.test('jo@example.solution')).toBe(true);
    expect(USER_EMAIL_PATTERN.test('jo@example.solutions')).toBe(false);
    expect(USER_EMAIL_PATTERN.test('jo@example.c')).toBe(false);
  });

  it('both need an @ followed by a dot', () => {
    for (const pattern of [FORGOT_PASSWORD_EMAIL_PATTERN, USER_EMAIL_PATTERN]) {
      expect(pattern.test('jo.example.com')).toBe(false);
      expect(pattern.test('jo@example')).toBe(false);
      expect(pattern.test('jo bloggs@example.com')).toBe(false);
    }
  });
});

describe('names a request gives', () => {
  it.each([' ', '   ', '\t', '\u00a0 \n'])('refuses %j as missing (too_small), for every kind of name', (blank) => {
    for (const [schema, label] of [
      [EntityNameInputSchema, 'Name'],
      [UserNameInputSchema, 'Username'],
    ] as const) {
      expect(schema.safeParse(blank).error?.issues).toEqual([
        expect.objectContaining({ code: 'too_small', message: `${label} is required` }),
      ]);
    }
  });

  it('drops surrounding spaces, and counts the length without them', () => {
    expect(EntityNameInputSchema.parse('  Harbour Office ')).toBe('Harbour Office');
    expect(EntityNameInputSchema.safeParse(` ${'a'.repeat(100)} `).success).toBe(true);
    expect(EntityNameInputSchema.safeParse('a'.repeat(101)).success).toBe(false);
    expect(UserNameInputSchema.parse(' jo.bloggs ')).toBe('jo.bloggs');
    expect(UserNameInputSchema.safeParse('u'.repeat(51)).success).toBe(false);
  });

  it.each(['acme.admin', 'Jo.Bloggs-2', 'jo_bloggs', 'jo.bloggs@example.co.uk', '007'])('takes username %s', (name) => {
    expect(UserNameInputSchema.safeParse(name).success).toBe(true);
  });

  it.each([
    ['a Cyrillic і', 'acme.adm\u0456n'],
    ['a Greek ο', 'acme.\u03bfffice'],
    ['a fullwidth a', '\uff41cme.admin'],
    ['an accented letter', 'jos\u00e9'],
    ['a space inside', 'jo bloggs'],
    ['a zero-width space', 'jo\u200bbloggs'],
    ['a quote', "o'brien"],
  ])('refuses a username with %s, saying which characters it may have', (_what, name) => {
    expect(UserNameInputSchema.safeParse(name).error?.issues).toEqual([
      expect.objectContaining({ code: 'invalid_format', message: USER_NAME_CHARACTERS_MESSAGE }),
    ]);
  });
});

describe('field lengths', () => {
  it('caps names at 100 and usernames at 50', () => {
    expect(EntityNameSchema.safeParse('a'.repeat(100)).success).toBe(true);
    expect(EntityNameSchema.safeParse('a'.repeat(101)).success).toBe(false);
    expect(EntityNameSchema.safeParse('').success).toBe(false);
    expect(UserNameSchema.safeParse('u'.repeat(50)).success).toBe(true);
    expect(UserNameSchema.safeParse('u'.repeat(51)).success).toBe(false);
  });

  it('caps emails at 100 and post codes at 10', () => {
    const local = 'a'.repeat(100 - '@example.com'.length);
    expect(UserEmailAddressSchema.safeParse(`${local}@example.com`).success).toBe(true);
    expect(UserEmailAddressSchema.safeParse(`${local}a@example.com`).success).toBe(false);
    expect(PostCodeSchema.safeParse('SW1A 1AA').success).toBe(true);
    expect(PostCodeSchema.safeParse('SW1A 1AA XX').success).toBe(false);
  });

  it("gives the spec's message for a malformed user email", () => {
    expect(issueMessages(UserEmailAddressSchema.safeParse('jo@example'))).toEqual([VALIDATION_MESSAGES.emailPattern]);
  });
});

describe('LoginFormSchema', () => {
  it('requires both fields with the quoted messages', () => {
    expect(issueMessages(LoginFormSchema.safeParse({ username: '', password: '' }))).toEqual([
      'Please enter a username',
      'Please enter a password',
    ]);
    expect(issueMessages(LoginFormSchema.safeParse({}))).toEqual([
      'Please enter a username',
      'Please enter a password',
    ]);
    expect(LoginFormSchema.safeParse({ username: 'jo', password: 'secret' }).success).toBe(true);
  });
});

describe('ForgotPasswordFormSchema', () => {
  it('requires username and email with the quoted messages', () => {
    expect(issueMessages(ForgotPasswordFormSchema.safeParse({ username: '', emailAddress: '' }))).toEqual([
      'Username is required',
      'Email address is required',
      VALIDATION_MESSAGES.emailPattern,
    ]);
  });

  it('uses the 2-4 letter email pattern', () => {
    expect(ForgotPasswordFormSchema.safeParse({ username: 'jo', emailAddress: 'jo@example.com' }).success).toBe(true);
    expect(ForgotPasswordFormSchema.safeParse({ username: 'jo', emailAddress: 'jo@example.store' }).success).toBe(
      false,
    );
  });
});

describe('NewPasswordSchema', () => {
  it('accepts a password meeting every strength criterion', () => {
    expect(NewPasswordSchema.safeParse('Tr1cky-passphrase').success).toBe(true);
  });

  it('reports each missing criterion', () => {
    expect(issueMessages(NewPasswordSchema.safeParse('abc'))).toEqual([
      'Must contain at least one upper case letter',
      'Must contain at least one number',
      'Must contain at least one special character',
      'Must contain 12 or more characters',
    ]);
  });
});

describe('ChangePasswordFormSchema', () => {
  const valid = {
    currentPassword: 'Old-passphrase1',
    newPassword: 'New-passphrase1',
    repeatPassword: 'New-passphrase1',
  };

  it('accepts a valid change', () => {
    expect(ChangePasswordFormSchema.safeParse(valid).success).toBe(true);
  });

  it('rejects a new password equal to the current one', () => {
    const result = ChangePasswordFormSchema.safeParse({ ...valid, currentPassword: 'New-passphrase1' });
    expect(issueMessages(result)).toEqual([VALIDATION_MESSAGES.newPasswordSameAsCurrent]);
  });

  it('rejects a mismatched repeat', () => {
    const result = ChangePasswordFormSchema.safeParse({ ...valid, repeatPassword: 'New-passphrase2' });
    expect(issueMessages(result)).toEqual(['The passwords you have entered do not match']);
  });

  it('requires the current password and the repeat', () => {
    const result = ChangePasswordFormSchema.safeParse({ ...valid, currentPassword: '', repeatPassword: '' });
    expect(issueMessages(result)).toContain('Please enter your current password');
    expect(issueMessages(result)).toContain('Please repeat the new password');
  });
});

describe('simNumberSchema', () => {
  it('needs exactly 11 digits for the first carrier', () => {
    expect(simNumberSchema('halo').safeParse('12345678901').success).toBe(true);
    expect(simNumberSchema('halo').safeParse('1234567890').success).toBe(false);
    expect(simNumberSchema('halo').safeParse('123456789012').success).toBe(false);
    expect(simNumberSchema('halo').safeParse('1234567890a').success).toBe(false);
  });

  it('needs 15-20 digits for the second carrier', () => {
    expect(simNumberSchema('vertex').safeParse('1'.repeat(15)).success).toBe(true);
    expect(simNumberSchema('vertex').safeParse('1'.repeat(20)).success).toBe(true);
    expect(simNumberSchema('vertex').safeParse('1'.repeat(14)).success).toBe(false);
    expect(simNumberSchema('vertex').safeParse('1'.repeat(21)).success).toBe(false);
  });
});
