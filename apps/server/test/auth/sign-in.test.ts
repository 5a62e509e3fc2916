import { DashLoginReplySchema, LoginReplySchema, OAuthErrorSchema } from '@portal/contract';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, expiredAccessToken, form, signIn, useDemoApp } from '../support/test-app.js';

const context = useDemoApp();
const login = (fields: Record<string, string>) =>
  context.app.inject({ method: 'POST', url: '/api/login', ...form({ cookiePolicyAccepted: 'true', ...fields }) });

describe('POST /api/login', () => {
  it('answers the token set and roles, with the user in the access token', async () => {
    const response = await login({ username: 'acme.admin', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = LoginReplySchema.parse(response.json());
    expect(body.expiresIn).toBe(900);
    expect(body.roles).toEqual(['customer']);
    expect(body.token.refresh_token?.length).toBeGreaterThanOrEqual(43);
    const claims = decodeJwt(body.token.access_token);
    expect(claims).toMatchObject({
      given_name: 'acme.admin',
      email: 'it.admin@acmelogistics.co.uk',
      profile: 'Company Administrator',
      aud: 'portal',
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
  });

  it('accepts the username in any case', async () => {
    expect((await login({ username: 'ACME.Finance', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('gives the same invalid_grant for a wrong password and an unknown user', async () => {
    const wrong = await login({ username: 'acme.admin', password: 'Not-The-Password-1' });
    const unknown = await login({ username: 'nobody.here', password: DEMO_PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(OAuthErrorSchema.parse(response.json())).toMatchObject({
        error: 'invalid_grant',
        error_description: 'Invalid username or password.',
      });
    }
  });

  it('sends an expired password to the reset', async () => {
    const response = await login({ username: 'acme.expired', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'requires_password_reset' });
    // An expired password is not a new account's first: the spec's expired screen (decision 0139).
    expect(response.json()).not.toHaveProperty('first_sign_in');
  });

  it('asks for the cookie policy until the user has accepted it, then remembers the acceptance', async () => {
    const withoutConsent = () =>
      context.app.inject({
        method: 'POST',
        url: '/api/login',
        ...form({ username: 'globex.admin', password: DEMO_PASSWORD }),
      });
    const refused = await withoutConsent();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'cookies_policy' });

    const session = await signIn(context.app, 'globex.admin');
    const accepted = await context.app.inject({
      method: 'POST',
      url: '/api/login/acceptCookiePolicy',
      headers: bearer(session.accessToken),
      payload: { isAccepted: true, date: '2026-11-21T10:00:00.000Z' },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await withoutConsent()).statusCode).toBe(200);
  });

  it('names the missing field of a bad request', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/api/login', ...form({ password: 'x' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field: 'username' })]);
  });

  it('audits successes and failures', async () => {
    await login({ username: 'acme.teamlead', password: 'wrong-password-here' });
    await login({ username: 'acme.teamlead', password: DEMO_PASSWORD });
    const events = await context.database.db
      .selectFrom('audit_log')
      .innerJoin('users', (join) => join.on('users.user_name', '=', 'acme.teamlead'))
      .select(['audit_log.action', 'audit_log.actor_user_id', 'audit_log.after', 'users.id as user_id'])
      .where('audit_log.action', 'in', ['login.failed', 'login.succeeded'])
      .orderBy('audit_log.id')
      .execute();
    const failed = events.find((e) => e.action === 'login.failed' && JSON.stringify(e.after).includes('acme.teamlead'));
    const succeeded = events.find((e) => e.action === 'login.succeeded' && e.actor_user_id === e.user_id);
    expect(failed).toBeDefined();
    expect(succeeded).toBeDefined();
  });
});

describe('POST /api/login/dash', () => {
  it('needs the main token', async () => {
    expect((await context.app.inject({ method: 'POST', url: '/api/login/dash' })).statusCode).toBe(401);
  });

  it('issues a token set of the dash audience that the main API refuses', async () => {
    const session = await signIn(context.app, 'acme.admin');
    const dash = await context.app.inject({
      method: 'POST',
      url: '/api/login/dash',
      headers: bearer(session.accessToken),
    });
    const body = DashLoginReplySchema.parse(dash.json());
    expect(decodeJwt(body.data.token.access_token).aud).toBe('portal-dash');
    const misuse = await context.app.inject({
      method: 'GET',
      url: '/api/profiles/myFunctionality',
      headers: bearer(body.data.token.access_token),
    });
    expect(misuse.statusCode).toBe(401);
  });
});

describe('refresh tokens', () => {
  const refresh = (refreshToken: string) =>
    context.app.inject({ method: 'POST', url: '/api/login/refresh', ...form({ refreshToken }) });

  it('rotate: each refresh token works once and hands on to the next', async () => {
    const session = await signIn(context.app, 'acme.admin');
    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(200);
    const next = LoginReplySchema.parse(first.json());
    expect(next.token.refresh_token).not.toBe(session.refreshToken);
    expect((await refresh(next.token.refresh_token ?? '')).statusCode).toBe(200);
  });

  it('revokes the whole family when a used token comes back (the stolen-token case)', async () => {
    const session = await signIn(context.app, 'acme.admin');
    const rotated = LoginReplySchema.parse((await refresh(session.refreshToken)).json());

    const replay = await refresh(session.refreshToken);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });

    // The legitimate holder's newer token and access token die with the family.
    expect((await refresh(rotated.token.refresh_token ?? '')).statusCode).toBe(400);
    const call = await context.app.inject({
      method: 'GET',
      url: '/api/profiles/myFunctionality',
      headers: bearer(rotated.token.access_token),
    });
    expect(call.statusCode).toBe(401);
    const reuse = await context.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'session.reuse_detected')
      .execute();
    expect(reuse.length).toBeGreaterThan(0);
  });

  it('revoke ends the session and answers the same for an unknown token', async () => {
    const session = await signIn(context.app, 'acme.finance');
    const revoke = (refreshToken: string) =>
      context.app.inject({ method: 'POST', url: '/api/login/revoke', ...form({ refreshToken }) });
    expect((await revoke(session.refreshToken)).statusCode).toBe(200);
    expect((await revoke('not-a-token-at-all')).statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(400);
    const call = await context.app.inject({
      method: 'GET',
      url: '/api/profiles/myFunctionality',
      headers: bearer(session.accessToken),
    });
    expect(call.statusCode).toBe(401);
  });
});

describe('bad input to the sign-in calls', () => {
  it.each([
    ['/api/login/refresh', {}, 'refreshToken'],
    ['/api/login/revoke', {}, 'refreshToken'],
    ['/api/login/forgotPassword', { username: 'acme.admin' }, 'emailAddress'],
    ['/api/login/changePassword', { userName: 'acme.admin', currentPassword: 'x' }, 'newPassword'],
  ])('%s names the missing field', async (url, fields, field) => {
    const response = await context.app.inject({ method: 'POST', url, ...form(fields) });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field })]);
  });

  it('acceptCookiePolicy names a bad date', async () => {
    const session = await signIn(context.app, 'acme.admin');
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/login/acceptCookiePolicy',
      headers: bearer(session.accessToken),
      payload: { isAccepted: true, date: 'yesterday' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field: 'date' })]);
  });
});

describe('access tokens', () => {
  it('refuses an expired token with 401', async () => {
    const expired = await expiredAccessToken(context.app, await signIn(context.app, 'acme.admin'), 1);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/profiles/myFunctionality',
      headers: bearer(expired),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'token_expired' });
  });

  it('refuses a token signed with another key or algorithm', async () => {
    const session = await signIn(context.app, 'acme.admin');
    const [header, payload] = session.accessToken.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const tampered = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const token of [unsigned, tampered]) {
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/profiles/myFunctionality',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
