import { describe, expect, it } from 'vitest';
import { createAuthApi, UNEXPECTED_ERROR_MESSAGE } from './auth-api';
import { type Call, expectSignedOut, json, setup, signIn } from './test-helpers';

// With the session header the answers carry no refresh token: it is in the server's HttpOnly cookie (0206).
const loginOk = { token: { access_token: 'main-1' }, expiresIn: 300, roles: ['customer'] };
const dashOk = { data: { token: { access_token: 'dash-1', expires_in: 600 } } };

function loginAnswer(answer: Response | (() => Response)) {
  const context = setup((call: Call) => {
    if (call.path === '/api/login') return typeof answer === 'function' ? answer() : answer;
    if (call.path === '/api/login/dash') return json(200, dashOk);
    return json(200, {});
  });
  return { ...context, auth: createAuthApi(context.client) };
}

describe('login', () => {
  it('signs in, gets the dash tokens and records the cookie acceptance, in that order', async () => {
    const { auth, session, calls, client } = loginAnswer(json(200, loginOk));
    const events: string[] = [];
    client.onSessionEvent((event) => events.push(event));

    await expect(auth.login('ann', 'secret', { cookiePolicyAccepted: true })).resolves.toEqual({
      ok: true,
      roles: ['customer'],
    });

    expect(calls.map((call) => call.path)).toEqual(['/api/login', '/api/login/dash', '/api/login/acceptCookiePolicy']);
    expect(calls[0]?.body).toBe('username=ann&password=secret&cookiePolicyAccepted=true');
    expect(calls[0]?.headers['x-portal-session']).toBe('cookie');
    expect(calls[1]?.headers.Authorization).toBe('Bearer main-1');
    expect(calls[1]?.headers['x-portal-session']).toBe('cookie');
    expect(JSON.parse(calls[2]?.body ?? '')).toMatchObject({ isAccepted: true });
    expect(session.getTokens()).toEqual({ accessToken: 'main-1', expiresAt: '2026-11-21T10:05:00.000Z' });
    expect(session.getDashTokens()?.accessToken).toBe('dash-1');
    expect(session.getRoles()).toEqual(['customer']);
    expect(session.isSignedIn()).toBe(true);
    expect(events).toEqual(['signed-in']);
  });

  it("tells a new account's first sign-in from an expired password (decision 0139)", async () => {
    const body = { error: 'requires_password_reset', error_description: 'x', first_sign_in: true };
    const { auth } = loginAnswer(json(400, body));
    await expect(auth.login('ann', 'x', { cookiePolicyAccepted: false })).resolves.toEqual({
      ok: false,
      reason: 'requires_password_reset',
      firstSignIn: true,
    });
  });

  it.each([
    ['invalid_grant', 'Invalid username or password.'],
    ['requires_password_reset', 'The password must be changed before signing in.'],
    ['cookies_policy', 'The cookie policy must be accepted before signing in.'],
  ])('maps %s', async (error, description) => {
    const { auth, session } = loginAnswer(json(400, { error, error_description: description }));
    await expect(auth.login('ann', 'x', { cookiePolicyAccepted: false })).resolves.toEqual({
      ok: false,
      reason: error,
    });
    expect(session.isSignedIn()).toBe(false);
  });

  it('maps any other error detail to unexpected', async () => {
    const { auth } = loginAnswer(
      json(400, { statusCode: 400, error: 'Bad Request', message: 'nope', code: 'validation_failed' }),
    );
    await expect(auth.login('ann', 'x', { cookiePolicyAccepted: false })).resolves.toEqual({
      ok: false,
      reason: 'unexpected',
    });
    const other = loginAnswer(json(400, { error: 'invalid_request', error_description: 'The request is not valid.' }));
    await expect(other.auth.login('a', 'x', { cookiePolicyAccepted: false })).resolves.toMatchObject({
      reason: 'unexpected',
    });
  });

  it('maps an error without a body, or no answer at all, to server', async () => {
    const { auth } = loginAnswer(new Response(null, { status: 500 }));
    await expect(auth.login('ann', 'x', { cookiePolicyAccepted: false })).resolves.toEqual({
      ok: false,
      reason: 'server',
    });
    const offline = loginAnswer(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline.auth.login('ann', 'x', { cookiePolicyAccepted: false })).resolves.toEqual({
      ok: false,
      reason: 'server',
    });
  });

  it('maps 429 to too_many_attempts with the Retry-After seconds', async () => {
    const { auth } = loginAnswer(
      json(
        429,
        { statusCode: 429, error: 'Too Many Requests', message: 'Try again', code: 'too_many_attempts' },
        { 'retry-after': '42' },
      ),
    );
    await expect(auth.login('ann', 'x', { cookiePolicyAccepted: false })).resolves.toEqual({
      ok: false,
      reason: 'too_many_attempts',
      retryAfterSeconds: 42,
    });
  });

  it('does not stay half signed in when the dash login fails', async () => {
    const context = setup((call) =>
      call.path === '/api/login' ? json(200, loginOk) : new Response(null, { status: 502 }),
    );
    const auth = createAuthApi(context.client);
    await expect(auth.login('ann', 'x', { cookiePolicyAccepted: false })).resolves.toEqual({
      ok: false,
      reason: 'server',
    });
    expectSignedOut(context.session);
  });
});

describe('the second step of a sign-in (decision 0207)', () => {
  const required = {
    error: 'second_step_required',
    error_description: 'x',
    challenge: 'challenge-1',
    factors: ['authenticator', 'recovery_code'],
    expires_in: 300,
  };

  it('hands on the challenge and factors of a right password, signed in to nothing yet', async () => {
    const { auth, session, calls } = loginAnswer(json(400, required));
    await expect(auth.login('ann', 'secret', { cookiePolicyAccepted: true })).resolves.toEqual({
      ok: false,
      reason: 'second_step_required',
      secondStep: {
        challenge: 'challenge-1',
        factors: ['authenticator', 'recovery_code'],
        expiresIn: 300,
        enrol: false,
      },
    });
    expect(calls.map((call) => call.path)).toEqual(['/api/login']);
    expect(session.isSignedIn()).toBe(false);
  });

  it('says when the company requires a factor the user has yet to set up (decision 0210)', async () => {
    const { auth } = loginAnswer(json(400, { ...required, factors: [], enrolment_required: true }));
    await expect(auth.login('ann', 'secret', { cookiePolicyAccepted: true })).resolves.toEqual({
      ok: false,
      reason: 'second_step_required',
      secondStep: { challenge: 'challenge-1', factors: [], expiresIn: 300, enrol: true },
    });
  });

  it('completes it with a code as the login does: tokens, the dash login, then the consent', async () => {
    const context = setup((call: Call) => {
      if (call.path === '/api/login/secondStep') return json(200, loginOk);
      if (call.path === '/api/login/dash') return json(200, dashOk);
      return json(200, {});
    });
    const auth = createAuthApi(context.client);
    await expect(
      auth.completeSecondStep('challenge-1', { code: '123456' }, { cookiePolicyAccepted: true }),
    ).resolves.toEqual({ ok: true, roles: ['customer'] });
    expect(context.calls.map((call) => call.path)).toEqual([
      '/api/login/secondStep',
      '/api/login/dash',
      '/api/login/acceptCookiePolicy',
    ]);
    expect(context.calls[0]?.body).toBe('challenge=challenge-1&code=123456');
    expect(context.session.getTokens()?.accessToken).toBe('main-1');
  });

  it.each(['invalid_code', 'challenge_expired'])('maps %s', async (error) => {
    const context = setup(() => json(400, { error, error_description: 'x' }));
    const auth = createAuthApi(context.client);
    await expect(
      auth.completeSecondStep('challenge-1', { recoveryCode: 'abcde-12345' }, { cookiePolicyAccepted: true }),
    ).resolves.toEqual({ ok: false, reason: error });
    expect(context.calls[0]?.body).toBe('challenge=challenge-1&recoveryCode=abcde-12345');
    expect(context.session.isSignedIn()).toBe(false);
  });
});

describe('logout', () => {
  for (const outcome of ['succeeds', 'fails', 'cannot reach the server'] as const) {
    it(`revokes the session cookie's token and clears the session only afterwards when revoke ${outcome}`, async () => {
      let finishRevoke: () => void = () => {};
      const { client, session, calls } = setup(
        () =>
          new Promise<Response>((resolve, reject) => {
            finishRevoke = () => {
              if (outcome === 'succeeds') resolve(json(200, {}));
              else if (outcome === 'fails') resolve(json(500, { statusCode: 500, error: 'Internal', message: 'x' }));
              else reject(new TypeError('Failed to fetch'));
            };
          }),
      );
      signIn(session);
      const auth = createAuthApi(client);

      const done = auth.logout();
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(calls).toHaveLength(1);
      expect(calls[0]?.path).toBe('/api/login/revoke');
      expect(calls[0]?.body).toBe('');
      expect(calls[0]?.headers['x-portal-session']).toBe('cookie');
      expect(calls[0]?.headers.Authorization).toBeUndefined();
      expect(session.isSignedIn()).toBe(true);

      finishRevoke();
      await expect(done).resolves.toBeUndefined();
      expectSignedOut(session);
    });
  }
});

describe('password calls', () => {
  it('changes a password, or returns the server detail or message and the field it blames', async () => {
    const answers = [
      json(200, {}),
      json(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The new password is too short.',
        code: 'password_policy',
        details: [{ field: 'newPassword', rule: 'min', message: 'Use at least 12 characters.' }],
      }),
      json(400, { statusCode: 400, error: 'Bad Request', message: 'Your current password is not correct.' }),
      new Response(null, { status: 500 }),
    ];
    const { client, calls } = setup(() => answers.shift() ?? json(500, {}));
    const auth = createAuthApi(client);
    const fields = { userName: 'ann', currentPassword: 'old', newPassword: 'new' };

    await expect(auth.changePassword(fields)).resolves.toEqual({ ok: true });
    expect(calls[0]?.body).toBe('userName=ann&currentPassword=old&newPassword=new');
    await expect(auth.changePassword(fields)).resolves.toEqual({
      ok: false,
      message: 'Use at least 12 characters.',
      code: 'password_policy',
      field: 'newPassword',
    });
    await expect(auth.changePassword(fields)).resolves.toEqual({
      ok: false,
      message: 'Your current password is not correct.',
    });
    await expect(auth.changePassword(fields)).resolves.toEqual({ ok: false, message: UNEXPECTED_ERROR_MESSAGE });
  });

  it('asks for a temporary password and maps failures', async () => {
    const answers = [
      json(200, {}),
      json(400, { statusCode: 400, error: 'Bad Request', message: 'Email address is required' }),
      new Response(null, { status: 503 }),
      json(429, { statusCode: 429, error: 'Too Many Requests', message: 'later' }, { 'retry-after': '5' }),
    ];
    const { client, calls } = setup(() => answers.shift() ?? json(500, {}));
    const auth = createAuthApi(client);
    const fields = { username: 'ann', emailAddress: 'ann@example.com' };

    await expect(auth.forgotPassword(fields)).resolves.toEqual({ ok: true });
    expect(calls[0]?.body).toBe('username=ann&emailAddress=ann%40example.com');
    await expect(auth.forgotPassword(fields)).resolves.toEqual({ ok: false, reason: 'unexpected' });
    await expect(auth.forgotPassword(fields)).resolves.toEqual({ ok: false, reason: 'server' });
    await expect(auth.forgotPassword(fields)).resolves.toEqual({
      ok: false,
      reason: 'too_many_attempts',
      retryAfterSeconds: 5,
    });
  });

  it('records the cookie policy answer with its date', async () => {
    const { client, session, calls } = setup(() => json(200, {}));
    signIn(session);
    await createAuthApi(client).acceptCookiePolicy(new Date('2026-11-21T09:00:00.000Z'));
    expect(calls[0]?.path).toBe('/api/login/acceptCookiePolicy');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ isAccepted: true, date: '2026-11-21T09:00:00.000Z' });
    expect(calls[0]?.headers.Authorization).toBe('Bearer main-1');
  });
});
