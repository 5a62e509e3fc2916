import { DEMO_PASSWORD } from './portal';

/**
 * A demo account signed in over HTTP, as the web app signs in (apps/web/src/api/auth-api.ts): for tests that need
 * many signed-in pages, or the account's data, without going through the login form each time.
 */
export interface ApiSession {
  readonly userName: string;
  readonly roles: readonly string[];
  /** The local-storage entries the SPA keeps its session in (apps/web/src/api/session-store.ts), cookies accepted. */
  readonly storage: Readonly<Record<string, string>>;
  /** GETs an API path with the account's token; undefined for 403 and 404, an error for any other failure. */
  get<T>(path: string): Promise<T | undefined>;
  /** Sends a JSON body (or none) with the account's token; the parsed answer, an error for a failure. */
  send(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<unknown>;
}

interface LoginReply {
  token: { access_token: string; refresh_token: string };
  expiresIn: number;
  roles: string[];
}

interface DashReply {
  data: { token: { access_token: string; refresh_token: string; expires_in: number } };
}

async function post<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, { method: 'POST', ...init });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function signInThroughApi(
  baseUrl: string,
  userName: string,
  password = DEMO_PASSWORD,
): Promise<ApiSession> {
  const login = await post<LoginReply>(`${baseUrl}/api/login`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ username: userName, password, cookiePolicyAccepted: 'true' }),
  });
  const accessToken = login.token.access_token;
  const dash = await post<DashReply>(`${baseUrl}/api/login/dash`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  const tokens = (access: string, refresh: string, expiresIn: number) =>
    JSON.stringify({
      accessToken: access,
      refreshToken: refresh,
      expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString(),
    });
  const dashToken = dash.data.token;
  return {
    userName,
    roles: login.roles,
    storage: {
      cookie_policy_accepted: new Date().toISOString(),
      id_token: tokens(accessToken, login.token.refresh_token, login.expiresIn),
      dash_id_token: tokens(dashToken.access_token, dashToken.refresh_token, dashToken.expires_in),
      roles: JSON.stringify(login.roles),
    },
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
