import { API } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { bearer, buildTestApp, DEMO_PASSWORD, form, type SignedIn, signIn, useDemoApp } from '../support/test-app.js';

/*
 * The caller's own sessions (decision 0211): the live ones listed, one ended, all the others ended. An ended
 * session's refresh tokens (main and dash) stop working and its access tokens are refused at once, here and on
 * another server over the same database.
 */
const context = useDemoApp();
let other: App;

beforeAll(async () => {
  other = await buildTestApp(context.database);
  await other.ready();
});
afterAll(() => other?.close());

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const sessionIdOf = (session: SignedIn) =>
  JSON.parse(Buffer.from(session.accessToken.split('.')[1] ?? '', 'base64url').toString()).sid as string;

async function list(session: SignedIn) {
  const response = await context.app.inject({
    method: 'GET',
    url: API.sessions.list.path,
    headers: bearer(session.accessToken),
  });
  expect(response.statusCode).toBe(200);
  return API.sessions.list.response.parse(response.json());
}

const end = (session: SignedIn, payload: unknown) =>
  context.app.inject({
    method: 'POST',
    url: API.sessions.end.path,
    headers: { ...bearer(session.accessToken), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const endOthers = (session: SignedIn) =>
  context.app.inject({ method: 'POST', url: API.sessions.endOthers.path, headers: bearer(session.accessToken) });

const refresh = (refreshToken: string) =>
  context.app.inject({ method: 'POST', url: API.login.refresh.path, ...form({ refreshToken }) });

const myFunctionality = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/profiles/myFunctionality', headers: bearer(token) }).then((r) => r.statusCode);

/** A sign-in as a browser on Windows would make it, with the dash login's own refresh token (an API client's). */
async function signInWithDash(userName: string) {
  const login = await context.app.inject({
    method: 'POST',
    url: API.login.login.path,
    payload: new URLSearchParams({
      username: userName,
      password: DEMO_PASSWORD,
      cookiePolicyAccepted: 'true',
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': WINDOWS_CHROME },
  });
  expect(login.statusCode).toBe(200);
  const { token, roles } = login.json<{ token: { access_token: string; refresh_token: string }; roles: string[] }>();
  const dash = await context.app.inject({
    method: 'POST',
    url: API.login.dashLogin.path,
    headers: bearer(token.access_token),
  });
  expect(dash.statusCode).toBe(200);
  const dashToken = dash.json<{ data: { token: { access_token: string; refresh_token: string } } }>().data.token;
  const session: SignedIn = {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    dashToken: dashToken.access_token,
    roles,
  };
  return { session, dashRefreshToken: dashToken.refresh_token };
}

async function eventsOf(action: string) {
  return context.database.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'row_key', 'after'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

describe('GET /api/sessions', () => {
  it("lists the caller's own live sessions, the current one first and marked, with how and where each signed in", async () => {
    const { session: windows } = await signInWithDash('acme.finance');
    const current = await signIn(context.app, 'acme.finance');
    const stranger = await signIn(context.app, 'globex.admin');

    const sessions = await list(current);
    expect(sessions[0]).toMatchObject({ id: sessionIdOf(current), current: true });
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const onWindows = sessions.find((session) => session.id === sessionIdOf(windows));
    expect(onWindows).toMatchObject({
      current: false,
      method: 'password',
      secondFactor: null,
      device: 'Chrome on Windows',
      address: '127.0.0.1',
    });
    expect(Date.parse(onWindows?.lastActiveAt ?? '')).toBeGreaterThanOrEqual(Date.parse(onWindows?.startedAt ?? ''));
    expect(sessions.map((session) => session.id)).not.toContain(sessionIdOf(stranger));
    // The other user's list is theirs alone, and marks their own session.
    const theirs = await list(stranger);
    expect(theirs.map((session) => session.id)).not.toContain(sessionIdOf(current));
    expect(theirs[0]).toMatchObject({ id: sessionIdOf(stranger), current: true });
  });

  it('leaves out the sessions signed out, ended by reuse, past their idle time or past their 12 hours', async () => {
    const current = await signIn(context.app, 'acme.mobile');
    const [signedOut, reused, idle, old] = await Promise.all(
      [0, 1, 2, 3].map(() => signIn(context.app, 'acme.mobile')),
    );
    const live = await signIn(context.app, 'acme.mobile');
    if (!signedOut || !reused || !idle || !old) throw new Error('four sign-ins');
    expect(
      (
        await context.app.inject({
          method: 'POST',
          url: API.login.revoke.path,
          ...form({ refreshToken: signedOut.refreshToken }),
        })
      ).statusCode,
    ).toBe(200);
    expect((await refresh(reused.refreshToken)).statusCode).toBe(200);
    expect((await refresh(reused.refreshToken)).statusCode).toBe(400);
    await sql`UPDATE refresh_tokens SET idle_expires_at = now() - interval '1 second'
      WHERE family_id = ${sessionIdOf(idle)}`.execute(context.database.db);
    await sql`UPDATE refresh_tokens SET absolute_expires_at = now() - interval '1 second',
      idle_expires_at = now() - interval '1 second' WHERE family_id = ${sessionIdOf(old)}`.execute(context.database.db);

    const ids = (await list(current)).map((session) => session.id);
    expect(ids).toContain(sessionIdOf(live));
    for (const ended of [signedOut, reused, idle, old]) expect(ids).not.toContain(sessionIdOf(ended));
  });

  it('shows a refresh as the latest use', async () => {
    const session = await signIn(context.app, 'acme.sitemanager');
    await sql`UPDATE sign_in_sessions SET last_active_at = now() - interval '10 minutes'
      WHERE family_id = ${sessionIdOf(session)}`.execute(context.database.db);
    const before = (await list(session))[0];
    expect((await refresh(session.refreshToken)).statusCode).toBe(200);
    const after = (await list(session))[0];
    expect(Date.parse(after?.lastActiveAt ?? '')).toBeGreaterThan(Date.parse(before?.lastActiveAt ?? ''));
  });
});

describe('POST /api/sessions/end', () => {
  it('ends the session: its refresh and access tokens, main and dash, stop working here and on another server', async () => {
    const { session: ended, dashRefreshToken } = await signInWithDash('acme.admin');
    const current = await signIn(context.app, 'acme.admin');
    // The other server has read the caller and keeps them (decision 0190).
    expect(await myFunctionality(other, ended.accessToken)).toBe(200);

    const response = await end(current, { sessionId: sessionIdOf(ended) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});

    expect(await myFunctionality(context.app, ended.accessToken)).toBe(401);
    await expect.poll(() => myFunctionality(other, ended.accessToken), { timeout: 5000 }).toBe(401);
    expect((await refresh(ended.refreshToken)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh(dashRefreshToken)).json()).toMatchObject({ error: 'invalid_grant' });
    // The caller's own session goes on.
    expect(await myFunctionality(context.app, current.accessToken)).toBe(200);
    expect((await list(current)).map((session) => session.id)).not.toContain(sessionIdOf(ended));

    const [event] = (await eventsOf('session.ended')).filter((row) =>
      JSON.stringify(row.row_key).includes(sessionIdOf(ended)),
    );
    expect(event?.after).toMatchObject({ address: '127.0.0.1', current: false });
    // Ended once: a second time there is no such live session.
    expect((await end(current, { sessionId: sessionIdOf(ended) })).statusCode).toBe(404);
  });

  it("answers 404 for another user's session and for an id that is no session, and changes nothing", async () => {
    const caller = await signIn(context.app, 'acme.finance');
    const stranger = await signIn(context.app, 'globex.admin');
    const endedBefore = (await eventsOf('session.ended')).length;
    for (const sessionId of [sessionIdOf(stranger), '00000000-0000-4000-8000-000000000000']) {
      const response = await end(caller, { sessionId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404 });
    }
    expect(await myFunctionality(context.app, stranger.accessToken)).toBe(200);
    expect((await refresh(stranger.refreshToken)).statusCode).toBe(200);
    expect((await eventsOf('session.ended')).length).toBe(endedBefore);
  });

  it('refuses what is not a session id with a 400 naming the field', async () => {
    const caller = await signIn(context.app, 'acme.finance');
    for (const payload of [
      {},
      { sessionId: 'not-a-uuid' },
      { sessionId: 42 },
      { sessionId: `${sessionIdOf(caller)}'--` },
    ]) {
      const response = await end(caller, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'sessionId' })]),
      );
    }
    expect(await myFunctionality(context.app, caller.accessToken)).toBe(200);
  });

  it('ends the caller’s own session when named, as a sign-out does', async () => {
    const caller = await signIn(context.app, 'acme.teamlead');
    expect((await end(caller, { sessionId: sessionIdOf(caller) })).statusCode).toBe(200);
    expect(await myFunctionality(context.app, caller.accessToken)).toBe(401);
  });

  it('is refused without a session', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: API.sessions.end.path,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ sessionId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/sessions/endOthers', () => {
  it("ends every other session of the caller's, keeps the current one and no one else's", async () => {
    const [first, second] = [await signIn(context.app, 'wayne.admin'), await signIn(context.app, 'wayne.admin')];
    const current = await signIn(context.app, 'wayne.admin');
    const stranger = await signIn(context.app, 'acme.admin');
    if (!first || !second) throw new Error('two sign-ins');
    expect(await myFunctionality(other, first.accessToken)).toBe(200);

    const response = await endOthers(current);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ ended: number }>().ended).toBeGreaterThanOrEqual(2);

    expect((await list(current)).map((session) => session.id)).toEqual([sessionIdOf(current)]);
    for (const ended of [first, second]) {
      expect(await myFunctionality(context.app, ended.accessToken)).toBe(401);
      expect((await refresh(ended.refreshToken)).json()).toMatchObject({ error: 'invalid_grant' });
    }
    await expect.poll(() => myFunctionality(other, first.accessToken), { timeout: 5000 }).toBe(401);
    expect(await myFunctionality(context.app, current.accessToken)).toBe(200);
    expect((await refresh(current.refreshToken)).statusCode).toBe(200);
    expect(await myFunctionality(context.app, stranger.accessToken)).toBe(200);
    const [event] = (await eventsOf('session.others_ended')).slice(-1);
    expect(event?.after).toMatchObject({
      address: '127.0.0.1',
      sessionIds: expect.arrayContaining([sessionIdOf(first), sessionIdOf(second)]),
    });

    // Nothing else to end: it answers none.
    expect((await endOthers(current)).json()).toEqual({ ended: 0 });
  });
});
