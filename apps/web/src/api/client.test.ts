import { describe, expect, it } from 'vitest';
import { REFRESH_FAILED_MESSAGE } from './client';
import { expectSignedOut, json, setup, signIn } from './test-helpers';

// With the session header the answers carry no refresh token: it is in the server's HttpOnly cookie (0206).
const loginReply = (access: string) => ({ token: { access_token: access }, expiresIn: 300, roles: ['customer'] });
const dashReply = (access: string) => ({ data: { token: { access_token: access, expires_in: 300 } } });
const SESSION_HEADER = { 'x-portal-session': 'cookie' };

describe('apiFetch headers', () => {
  it('sends both bearer tokens on ordinary calls, below the base URL', async () => {
    const { client, session, calls, fetch } = setup(() => json(200, { value: [] }));
    signIn(session);

    await client.getJson('/api/messages', (body) => body);

    expect(fetch.mock.calls[0]?.[0]).toBe('https://portal.example.com/business/api/messages');
    expect(calls[0]?.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer main-1',
      'Dash-Authorization': 'Bearer dash-1',
    });
  });

  it('sends no tokens on login, refresh and revoke, and only the main token on the dash login', async () => {
    const { client, session, calls } = setup(() => json(200, {}));
    signIn(session);

    await client.sendForm('/api/login', { username: 'a', password: 'b' });
    await client.sendForm('/api/login/refresh', {});
    await client.sendForm('/api/login/revoke', {});
    await client.apiFetch('/api/login/dash', { method: 'POST' });
    await client.sendForm('/api/login/changePassword', { userName: 'a' });

    for (const call of calls.slice(0, 3)) {
      expect(call.headers.Authorization).toBeUndefined();
      expect(call.headers['Dash-Authorization']).toBeUndefined();
    }
    expect(calls[0]?.body).toBe('username=a&password=b');
    expect(calls[0]?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(calls[3]?.headers).toEqual({ Authorization: 'Bearer main-1', ...SESSION_HEADER });
    expect(calls[4]?.headers.Authorization).toBe('Bearer main-1');
    expect(calls[4]?.headers['Dash-Authorization']).toBe('Bearer dash-1');
  });

  it('opts the sign-in calls, and only them, into the session cookie', async () => {
    const { client, session, calls } = setup(() => json(200, {}));
    signIn(session);

    for (const path of ['/api/login', '/api/login/refresh', '/api/login/revoke', '/api/login/dash'])
      await client.sendForm(path, {});
    await client.sendForm('/api/login/changePassword', { userName: 'a' });
    await client.getJson('/api/messages', String);

    expect(calls.map((call) => call.headers['x-portal-session'])).toEqual([
      'cookie',
      'cookie',
      'cookie',
      'cookie',
      undefined,
      undefined,
    ]);
  });

  it('sends no tokens when signed out', async () => {
    const { client, calls } = setup(() => json(200, {}));
    await client.getJson('/api/faq', (body) => body);
    expect(calls[0]?.headers).toEqual({ Accept: 'application/json' });
  });
});

describe('401 and 403', () => {
  it('runs one refresh and dash login for three concurrent 401s, then retries each once', async () => {
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { client, session, calls, onSessionEnded } = setup(async (call) => {
      if (call.path === '/api/login/refresh') {
        await refreshGate;
        return json(200, loginReply('main-2'));
      }
      if (call.path === '/api/login/dash') return json(200, dashReply('dash-2'));
      return call.headers.Authorization === 'Bearer main-2'
        ? json(200, { path: call.path })
        : json(401, { statusCode: 401, error: 'Unauthorized', message: 'expired' });
    });
    signIn(session);

    const results = Promise.all(['/api/a', '/api/b', '/api/c'].map((path) => client.getJson(path, (body) => body)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    releaseRefresh();

    await expect(results).resolves.toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(calls.filter((call) => call.path === '/api/login/refresh')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/api/login/dash')).toHaveLength(1);
    // The refresh token is the cookie's, which the browser sends by itself: the form is empty.
    const refresh = calls.find((call) => call.path === '/api/login/refresh');
    expect(refresh?.body).toBe('');
    expect(refresh?.headers).toMatchObject(SESSION_HEADER);
    expect(calls.find((call) => call.path === '/api/login/dash')?.headers.Authorization).toBe('Bearer main-2');
    for (const path of ['/api/a', '/api/b', '/api/c']) {
      const tries = calls.filter((call) => call.path === path);
      expect(tries.map((call) => call.headers.Authorization)).toEqual(['Bearer main-1', 'Bearer main-2']);
      expect(tries[1]?.headers['Dash-Authorization']).toBe('Bearer dash-2');
    }
    expect(session.getTokens()?.accessToken).toBe('main-2');
    expect(session.getDashTokens()?.accessToken).toBe('dash-2');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('retries only once when the retry also gets a 401', async () => {
    const { client, session, calls } = setup((call) => {
      if (call.path === '/api/login/refresh') return json(200, loginReply('main-2'));
      if (call.path === '/api/login/dash') return json(200, dashReply('dash-2'));
      return json(401, { statusCode: 401, error: 'Unauthorized', message: 'no' });
    });
    signIn(session);

    await expect(client.getJson('/api/a', (body) => body)).rejects.toMatchObject({ name: 'ApiError', status: 401 });
    expect(calls.filter((call) => call.path === '/api/a')).toHaveLength(2);
    expect(calls.filter((call) => call.path === '/api/login/refresh')).toHaveLength(1);
  });

  it('clears the session and reports "Refresh token failed." when the refresh fails', async () => {
    const { client, session, calls, onSessionEnded } = setup((call) => {
      if (call.path === '/api/login/refresh') {
        return json(400, { error: 'invalid_grant', error_description: 'Invalid username or password.' });
      }
      return json(401, { statusCode: 401, error: 'Unauthorized', message: 'expired' });
    });
    signIn(session);

    const results = await Promise.allSettled([client.getJson('/api/a', String), client.getJson('/api/b', String)]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(calls.filter((call) => call.path === '/api/login/refresh')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/api/login/dash')).toHaveLength(0);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).toHaveBeenCalledWith(REFRESH_FAILED_MESSAGE);
    expect(REFRESH_FAILED_MESSAGE).toBe('Refresh token failed.');
    expectSignedOut(session);
  });

  it('clears the session on 403 and ends it without a message', async () => {
    const { client, session, onSessionEnded } = setup(() =>
      json(403, { statusCode: 403, error: 'Forbidden', message: 'no' }),
    );
    signIn(session);

    await expect(client.getJson('/api/admin', String)).rejects.toMatchObject({ status: 403, code: undefined });
    expect(onSessionEnded).toHaveBeenCalledWith(undefined);
    expectSignedOut(session);
  });
});

describe('restoring the session at start-up', () => {
  it('renews it from the session cookie, and calls that need a token wait for it', async () => {
    const { client, session, calls, onSessionEnded } = setup(
      (call) => {
        if (call.path === '/api/login/refresh') return json(200, loginReply('main-2'));
        if (call.path === '/api/login/dash') return json(200, dashReply('dash-2'));
        return json(200, { path: call.path });
      },
      { sessionCookie: true },
    );
    const snapshots: boolean[] = [];
    session.subscribe(() => snapshots.push(session.getSnapshot().restoring));

    const restored = client.restoreSession();
    expect(session.getSnapshot()).toMatchObject({ signedIn: false, restoring: true });
    const call = client.getJson('/api/a', (body) => body);

    await expect(restored).resolves.toBe(true);
    await expect(call).resolves.toEqual({ path: '/api/a' });
    expect(calls.map((entry) => entry.path)).toEqual(['/api/login/refresh', '/api/login/dash', '/api/a']);
    expect(calls[2]?.headers.Authorization).toBe('Bearer main-2');
    expect(session.getSnapshot()).toEqual({ signedIn: true, restoring: false, roles: ['customer'] });
    expect(snapshots.at(-1)).toBe(false);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('asks nothing when the browser holds no session cookie', async () => {
    const { client, session, calls } = setup(() => json(200, {}));
    await expect(client.restoreSession()).resolves.toBe(false);
    expect(calls).toEqual([]);
    expect(session.getSnapshot()).toEqual({ signedIn: false, restoring: false, roles: [] });
  });

  it('stays signed out, with no session-ended message, when the cookie no longer works', async () => {
    const { client, session, calls, onSessionEnded } = setup(
      () => json(400, { error: 'invalid_grant', error_description: 'Invalid username or password.' }),
      { sessionCookie: true },
    );
    const events: string[] = [];
    client.onSessionEvent((event) => events.push(event));
    await expect(client.restoreSession()).resolves.toBe(false);
    expect(calls.map((call) => call.path)).toEqual(['/api/login/refresh']);
    expectSignedOut(session);
    expect(session.getSnapshot().restoring).toBe(false);
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });
});

describe('mutation notices', () => {
  it('announces writes below /api/ with their area, not reads', async () => {
    const { client } = setup(() => json(200, {}));
    const notices: unknown[] = [];
    client.onMutation((notice) => notices.push(notice));

    await client.getJson('/api/messages', String);
    await client.sendJson('PUT', '/api/messages/3', { read: true }, (body) => body);
    await client.apiFetch('/api/users/7?x=1', { method: 'delete' });

    expect(notices).toEqual([
      { method: 'PUT', path: '/api/messages/3', area: 'messages' },
      { method: 'DELETE', path: '/api/users/7?x=1', area: 'users' },
    ]);
  });
});
