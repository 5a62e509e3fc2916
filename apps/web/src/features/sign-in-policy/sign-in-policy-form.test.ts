import { describe, expect, it } from 'vitest';
import { confirmationText, fieldErrorsOf } from './sign-in-policy-form';

describe('the sign-in policy confirmation', () => {
  it('says when nobody is signed out', () => {
    expect(confirmationText('Acme', { sessionsEnded: 0, ownSessionEnded: false })).toBe(
      'Save the sign-in policy of Acme? Nobody is signed out.',
    );
  });

  it('counts the sessions that end and warns the administrator that theirs is one', () => {
    expect(confirmationText('Acme', { sessionsEnded: 3, ownSessionEnded: true })).toBe(
      'Save the sign-in policy of Acme? 3 sessions that do not meet it will end now. This includes yours: you will be signed out and must sign in again, as will the others.',
    );
    expect(confirmationText('Acme', { sessionsEnded: 1, ownSessionEnded: true })).toBe(
      'Save the sign-in policy of Acme? 1 session that does not meet it will end now. This includes yours: you will be signed out and must sign in again.',
    );
    expect(confirmationText('Acme', { sessionsEnded: 2, ownSessionEnded: false })).toBe(
      'Save the sign-in policy of Acme? 2 sessions that do not meet it will end now. Their users must sign in again.',
    );
  });
});

describe('a refused save', () => {
  it('names each field the server blamed', () => {
    expect(
      fieldErrorsOf({ details: [{ field: 'breakGlassUserId', rule: 'required', message: 'Choose one' }] }),
    ).toEqual({ breakGlassUserId: 'Choose one' });
    expect(fieldErrorsOf(undefined)).toEqual({});
  });
});
