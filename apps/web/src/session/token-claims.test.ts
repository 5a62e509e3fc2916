import { describe, expect, it } from 'vitest';
import { userFromToken } from './token-claims';

function token(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

describe('userFromToken', () => {
  it('reads the user name, email and profile claims, including non-ASCII text', () => {
    expect(
      userFromToken(token({ given_name: 'zoë.admin', email: 'zoe@acme.example', profile: 'Company Admin' })),
    ).toEqual({ userName: 'zoë.admin', email: 'zoe@acme.example', profile: 'Company Admin' });
  });

  it('gives nothing for a missing, malformed or nameless token', () => {
    expect(userFromToken(undefined)).toBeUndefined();
    expect(userFromToken('not-a-token')).toBeUndefined();
    expect(userFromToken('a.%%%.c')).toBeUndefined();
    expect(userFromToken(token({ email: 'x@y.example' }))).toBeUndefined();
  });
});
