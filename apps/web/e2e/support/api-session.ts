import type { BrowserState, PortalCookie } from './browser';
import { DEMO_PASSWORD } from './portal';

/**
 * A demo account signed in over HTTP, as the web app signs in (apps/web/src/api/auth-api.ts): for tests that need
 * many signed-in pages, or the account's data, without going through the login form each time.
 */
export interface ApiSession {
  readonly userName: string;
  readonly roles: readonly string[];
  /** The API session's own access token (not any browser's). */
  readonly accessToken: string;
  /**
   * What a browser signed in as the account starts with: the cookie notice accepted, and the session cookies of a
   * sign-in of its own (docs/decisions/0206). A fresh one for each context, as each context's start-up refresh
   * rotates its token, which another context holding the same one would then present again (reuse ends a session).
   */
  readonly storage: () => Promise<BrowserState>;
  /** GETs an API path with the account's token; undefined for 403 and 404, an error for any other failure. */
  get<T>(path: string): Promise<T | undefined>;
  /** Sends a JSON body (or none) with the account's token; the parsed answer, an error for a failure. */
  send(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<unknown>;
}

interface LoginReply {
  token: { access_token: string; refresh_token?: string };
  expiresIn: number;
  roles: string[];
}

async function login(baseUrl: string, userName: string, password: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: new URLSearchParams({ username: userName, password, cookiePolicyAccepted: 'true' }),
  });
  if (!response.ok) throw new Error(`POST /api/login answered ${response.status}: ${await response.text()}`);
  return { reply: (await response.json()) as LoginReply, setCookies: response.headers.getSetCookie() };
}

/** A Set-Cookie line as the browser context takes it (its domain the server's host). */
export function cookieOf(setCookie: string, baseUrl: string): PortalCookie {
  const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
  const equals = pair.indexOf('=');
  const named = new Map(
    attributes.map((attribute) => {
      const [key = '', value = ''] = attribute.split('=');
      return [key.toLowerCase(), value];
    }),
  );
  const maxAge = named.get('max-age');
  const sameSite = named.get('samesite')?.toLowerCase();
  return {
    name: pair.slice(0, equals),
    value: pair.slice(equals + 1),
    domain: new URL(baseUrl).hostname,
    path: named.get('path') ?? '/',
    expires: maxAge === undefined ? -1 : Math.floor(Date.now() / 1000) + Number(maxAge),
    httpOnly: named.has('httponly'),
    secure: named.has('secure'),
    sameSite: sameSite === 'strict' ? 'Strict' : sameSite === 'none' ? 'None' : 'Lax',
  };
}

/**
 * The session cookies of a browser's sign-in as the account (the refresh token's and the signed-in flag), as the
 * login form leaves them; not the theme cookie, so the pages are branded as before any sign-in in this browser.
 */
export async function browserSignIn(baseUrl: string, userName: string, password = DEMO_PASSWORD) {
  const { setCookies } = await login(baseUrl, userName, password, { 'x-portal-session': 'cookie' });
  return setCookies.map((line) => cookieOf(line, baseUrl)).filter((cookie) => cookie.name.startsWith('portal_'));
}

export async function signInThroughApi(
  baseUrl: string,
  userName: string,
  password = DEMO_PASSWORD,
): Promise<ApiSession> {
  const { reply } = await login(baseUrl, userName, password);
  const accessToken = reply.token.access_token;
  return {
    userName,
    roles: reply.roles,
    accessToken,
    storage: async () => ({
      localStorage: { cookie_policy_accepted: new Date().toISOString() },
      cookies: await browserSignIn(baseUrl, userName, password),
    }),
    async get<T>(path: string): Promise<T | undefined> {
      const response = await fetch(`${baseUrl}${path}`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
      if (response.status === 403 || response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok)
        throw new Error(`GET ${path} as ${userName} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    },
    async send(method, path, body) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} as ${userName} answered ${response.status}: ${text}`);
      return text === '' ? undefined : (JSON.parse(text) as unknown);
    },
  };
}
