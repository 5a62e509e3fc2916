import { describe, expect, it } from 'vitest';
import { signInState } from './customer-users';

describe('signInState', () => {
  it('says how long a throttled username still waits, in whole minutes, before any other state', () => {
    expect(signInState({ throttled: true, throttledForSeconds: 61, awaitingFirstPassword: true })).toBe(
      'Throttled (2 min)',
    );
    expect(signInState({ throttled: true, throttledForSeconds: 1 })).toBe('Throttled (1 min)');
  });

  it('tells a user who has not set a first password from one who can sign in', () => {
    expect(signInState({ throttled: false, awaitingFirstPassword: true })).toBe('Awaiting first password');
    expect(signInState({ throttled: false, awaitingFirstPassword: false })).toBe('Can sign in');
  });
});
