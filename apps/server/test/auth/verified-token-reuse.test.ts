import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, signIn, signOut, useDemoApp } from '../support/test-app.js';

/*
 * The server remembers tokens it has verified (access-tokens.ts). What a remembered token may do must stay exactly
 * what a freshly verified one may: it still expires, other bytes are not trusted for its sake, and an ended session
 * ends its tokens at once.
 */
const context = useDemoApp();
const call = (token: string) =>
  context.app.inject({ method: 'GET', url: '/api/profiles/myFunctionality', headers: bearer(token) });

afterEach(() => {
  vi.useRealTimers();
});

describe('a token the server has verified before', () => {
  it('still expires at the second its exp names', async () => {
    const { accessToken } = await signIn(context.app, 'acme.admin');
    expect((await call(accessToken)).statusCode).toBe(200);
    expect((await call(accessToken)).statusCode).toBe(200);
    const { exp } = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as { exp: number };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((exp - 1) * 1000);
    expect((await call(accessToken)).statusCode).toBe(200);
    vi.setSystemTime(exp * 1000);
    const expired = await call(accessToken);
    expect(expired.statusCode).toBe(401);
  });

  it('lends no trust to a token that differs from it in its signature', async () => {
    const { accessToken } = await signIn(context.app, 'acme.admin');
    expect((await call(accessToken)).statusCode).toBe(200);
    const [header, payload, signature = ''] = accessToken.split('.');
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await call(`${header}.${payload}.${flipped}`)).statusCode).toBe(401);
  });

  it('stops working as soon as its session ends', async () => {
    const session = await signIn(context.app, 'acme.admin');
    expect((await call(session.accessToken)).statusCode).toBe(200);
    const logout = await signOut(context.app, session.refreshToken);
    expect(logout.statusCode).toBeLessThan(300);
    expect((await call(session.accessToken)).statusCode).toBe(401);
  });
});
