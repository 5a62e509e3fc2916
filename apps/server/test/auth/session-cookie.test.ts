import { DashLoginReplySchema, LoginReplySchema } from '@portal/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, form, useDemoApp } from '../support/test-app.js';

// docs/decisions/0206: the browser's refresh token lives in an HttpOnly cookie; API clients keep it in the JSON.
// Served below a base path, behind a trusted proxy that says whether the browser came over TLS.
const context = useDemoApp({ PUBLIC_URL: 'http://localhost:3000/portal/', TRUST_PROXY: '127.0.0.1' });

const BROWSER = { 'x-portal-session': 'cookie' } as const;
const TOKEN_PATHS = ['/portal/api/login/refresh', '/portal/api/login/revoke'];

type Cookie = { name: string; value: string; path?: string; httpOnly?: boolean; secure?: boolean; sameSite?: string };
type Answer = { statusCode: number; cookies: Cookie[]; json(): unknown };

function login(userName: string, headers: Record<string, string> = {}) {
  const body = form({ username: userName, password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' });
  return context.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

/** The web app's refresh: the session header, the cookie, an empty form. */
function refreshWithCookie(token: string, headers: Record<string, string> = BROWSER) {
  return context.app.inject({
    method: 'POST',
    url: '/api/login/refresh',
    ...form({}),
    headers: { ...form({}).headers, ...headers },
    cookies: { portal_refresh: token },
  });
}

const refreshWithBody = (refreshToken: string) =>
  context.app.inject({ method: 'POST', url: '/api/login/refresh', ...form({ refreshToken }) });

/** The refresh token the answer's cookies hand the browser (the same in both of its copies). */
function cookieToken(response: Answer): string {
  const copies = response.cookies.filter((cookie) => cookie.name === 'portal_refresh');
  expect(copies.map((cookie) => cookie.path).sort()).toEqual(TOKEN_PATHS);
  const [first] = copies;
  if (!first) throw new Error('no refresh cookie');
  expect(new Set(copies.map((cookie) => cookie.value))).toEqual(new Set([first.value]));
  return first.value;
}

/** Whether the answer told the browser to forget both cookies. */
function clearsCookies(response: { headers: Record<string, unknown> }): boolean {
  const lines = [response.headers['set-cookie']].flat().map(String);
  const expired = (name: string, path: string) =>
    lines.some(
      (line) => line.startsWith(`${name}=;`) && line.includes(`Path=${path}`) && /Expires=Thu, 01 Jan 1970/.test(line),
    );
  return TOKEN_PATHS.every((path) => expired('portal_refresh', path)) && expired('portal_signed_in', '/portal/');
}

async function myFunctionality(accessToken: string): Promise<number> {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/profiles/myFunctionality',
    headers: bearer(accessToken),
  });
  return response.statusCode;
}

async function browserSignIn(userName = 'acme.admin') {
  const response = await login(userName, BROWSER);
  expect(response.statusCode).toBe(200);
  return { response, token: cookieToken(response), reply: LoginReplySchema.parse(response.json()) };
}

describe('the browser’s session cookie', () => {
  it('holds the refresh token, HttpOnly, SameSite=Strict, on the refresh and revoke paths only; the JSON does not', async () => {
    const { response, reply } = await browserSignIn();
    expect(reply.token).not.toHaveProperty('refresh_token');
    expect(reply.token.access_token).toMatch(/^eyJ/);
    const refresh = response.cookies.filter((cookie) => cookie.name === 'portal_refresh');
    // Kept as long as the token's 30 idle minutes (less the moments the answer took).
    const idleLifetime = expect.toSatisfy((seconds: number) => seconds > 30 * 60 - 10 && seconds <= 30 * 60);
    for (const cookie of refresh) {
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: idleLifetime });
      // Plain HTTP here: Secure would make the browser drop it.
      expect(cookie.secure).toBeFalsy();
    }
    // Beside it, for the page's scripts, only that a session is there to restore.
    const flag = response.cookies.find((cookie) => cookie.name === 'portal_signed_in');
    expect(flag).toMatchObject({ value: '1', path: '/portal/', sameSite: 'Strict', maxAge: idleLifetime });
    expect(flag?.httpOnly).toBeFalsy();
  });

  it('is Secure, named __Secure-, when the trusted proxy says the browser came over TLS, and only then', async () => {
    const overTls = await login('acme.admin', { ...BROWSER, 'x-forwarded-proto': 'https' });
    const secure = overTls.cookies.filter((cookie) => cookie.name !== 'themeCode');
    expect(secure.map((cookie) => [cookie.name, cookie.secure])).toEqual([
      ['__Secure-portal_refresh', true],
      ['__Secure-portal_refresh', true],
      ['__Secure-portal_signed_in', true],
    ]);
    // Over TLS only the prefixed cookie counts.
    const token = secure[0]?.value ?? '';
    const refresh = (cookies: Record<string, string>) =>
      context.app.inject({
        method: 'POST',
        url: '/api/login/refresh',
        ...form({}),
        headers: { ...form({}).headers, ...BROWSER, 'x-forwarded-proto': 'https' },
        cookies,
      });
    expect((await refresh({ portal_refresh: token })).statusCode).toBe(400);
    const renewed = await refresh({ '__Secure-portal_refresh': token });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.cookies.map((cookie) => cookie.name)).toEqual([
      '__Secure-portal_refresh',
      '__Secure-portal_refresh',
      '__Secure-portal_signed_in',
    ]);
    const body = form({ username: 'acme.admin', password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' });
    const untrusted = await context.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '203.0.113.7',
      payload: body.payload,
      headers: { ...body.headers, ...BROWSER, 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.cookies.filter((cookie) => cookie.name.startsWith('portal_')).some((c) => c.secure)).toBe(false);
  });

  it('refreshes: a new cookie token each time, no refresh token in the JSON, and the access token works', async () => {
    const { token } = await browserSignIn();
    const first = await refreshWithCookie(token);
    expect(first.statusCode).toBe(200);
    const next = cookieToken(first);
    expect(next).not.toBe(token);
    const reply = LoginReplySchema.parse(first.json());
    expect(reply.token).not.toHaveProperty('refresh_token');
    expect(reply.roles).toEqual(['customer']);
    expect(await myFunctionality(reply.token.access_token)).toBe(200);
    expect((await refreshWithCookie(next)).statusCode).toBe(200);
  });

  it('gives the dash login no refresh token of its own', async () => {
    const { reply } = await browserSignIn();
    const dash = await context.app.inject({
      method: 'POST',
      url: '/api/login/dash',
      headers: { ...bearer(reply.token.access_token), ...BROWSER },
    });
    expect(dash.statusCode).toBe(200);
    const body = DashLoginReplySchema.parse(dash.json());
    expect(body.data.token).not.toHaveProperty('refresh_token');
    expect(dash.cookies).toEqual([]);
  });

  it('is read only with the session header, which a cross-site form cannot send', async () => {
    const { token } = await browserSignIn();
    const forged = await refreshWithCookie(token, {});
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ details: [expect.objectContaining({ field: 'refreshToken' })] });
    // The cookie was not touched: the page's own refresh still works.
    expect((await refreshWithCookie(token)).statusCode).toBe(200);
  });

  it('lets tabs refresh with the same token at once; each gets a token of its own that works', async () => {
    const { token } = await browserSignIn();
    const answers = await Promise.all([refreshWithCookie(token), refreshWithCookie(token), refreshWithCookie(token)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const next = answers.map(cookieToken);
    expect(new Set(next).size).toBe(3);
    for (const tabToken of next) expect((await refreshWithCookie(tabToken)).statusCode).toBe(200);
  });

  it('still counts a used token as stolen once its 30 seconds of grace are over, and ends the session', async () => {
    const { token, reply } = await browserSignIn();
    const rotated = await refreshWithCookie(token);
    const next = cookieToken(rotated);
    await sql`UPDATE refresh_tokens SET used_at = used_at - interval '31 seconds' WHERE used_at IS NOT NULL
      AND family_id = (SELECT family_id FROM refresh_tokens ORDER BY id DESC LIMIT 1)`.execute(context.database.db);

    const replay = await refreshWithCookie(token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect(clearsCookies(replay)).toBe(true);
    expect((await refreshWithCookie(next)).statusCode).toBe(400);
    expect(await myFunctionality(reply.token.access_token)).toBe(401);
  });

  it('gives no grace to an API client’s token, even sent in the cookie', async () => {
    const signedIn = LoginReplySchema.parse((await login('acme.finance')).json());
    const jsonToken = signedIn.token.refresh_token ?? '';
    expect((await refreshWithBody(jsonToken)).statusCode).toBe(200);
    const replay = await refreshWithCookie(jsonToken);
    expect(replay.statusCode).toBe(400);
    expect(await myFunctionality(signedIn.token.access_token)).toBe(401);
  });

  it('gives no grace to a cookie token sent again in the form field', async () => {
    const { token, reply } = await browserSignIn('acme.finance');
    expect((await refreshWithCookie(token)).statusCode).toBe(200);
    expect((await refreshWithBody(token)).statusCode).toBe(400);
    expect(await myFunctionality(reply.token.access_token)).toBe(401);
  });

  it('answers a refresh without a cookie with invalid_grant and forgets the signed-in flag', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/login/refresh',
      ...form({}),
      headers: { ...form({}).headers, ...BROWSER },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_grant' });
    expect(clearsCookies(response)).toBe(true);
  });

  it('logout revokes the session and clears both cookies', async () => {
    const { token, reply } = await browserSignIn('acme.finance');
    const logout = await context.app.inject({
      method: 'POST',
      url: '/api/login/revoke',
      ...form({}),
      headers: { ...form({}).headers, ...BROWSER },
      cookies: { portal_refresh: token },
    });
    expect(logout.statusCode).toBe(200);
    expect(clearsCookies(logout)).toBe(true);
    expect((await refreshWithCookie(token)).statusCode).toBe(400);
    expect(await myFunctionality(reply.token.access_token)).toBe(401);
    const events = await context.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'logout.succeeded')
      .execute();
    expect(events.length).toBeGreaterThan(0);
  });
});

describe('API clients', () => {
  it('keep the spec’s token answers: refresh_token in the JSON and no cookie', async () => {
    const response = await login('acme.admin');
    const reply = LoginReplySchema.parse(response.json());
    expect(reply.token.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.cookies.map((cookie) => cookie.name)).toEqual(['themeCode']);

    const dash = await context.app.inject({
      method: 'POST',
      url: '/api/login/dash',
      headers: bearer(reply.token.access_token),
    });
    expect(DashLoginReplySchema.parse(dash.json()).data.token.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const refreshed = await refreshWithBody(reply.token.refresh_token ?? '');
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.cookies).toEqual([]);
    expect(LoginReplySchema.parse(refreshed.json()).token.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Each works once, with no grace: a second use ends the session.
    expect((await refreshWithBody(reply.token.refresh_token ?? '')).statusCode).toBe(400);
  });
});
