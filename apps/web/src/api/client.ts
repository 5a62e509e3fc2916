import { formBody, READ_ONLY_VIEW_HEADER, SESSION_COOKIE_HEADER, SESSION_COOKIE_MODE } from '@portal/contract';
import { documentBaseUri, resolveAppUrl } from '../lib/base-url';
import { FIRST_LOAD_PATHS } from './first-load-paths';
import { hasSessionCookie, type SessionStore, sessionStore } from './session-store';

/**
 * The web app's one API client. Paths are resolved against the page's base URL (`document.baseURI`), so `/ready`
 * means "ready below wherever the portal is served". Every response body goes through a parser (a zod schema's
 * `parse` from @portal/contract, or a hand-written guard) so callers never see unchecked data.
 *
 * Session rules (spec sections 4, 7 and 8):
 * - `Authorization: Bearer <main>` and `Dash-Authorization: Bearer <dash>` go on every call except sign-in, refresh
 *   and revoke (which carry none); the dash login carries only the main token, which the server needs to know who
 *   is asking, never the old dash token.
 * - The sign-in calls carry the session header: the refresh token stays in the server's HttpOnly cookie and never
 *   reaches this code (docs/decisions/0206).
 * - On start-up (a reload, a new tab) `restoreSession` renews the session from the cookie, if the browser has one;
 *   calls that need a token wait for it.
 * - On 401 exactly one refresh runs (POST /api/login/refresh, then a dash login); requests that get a 401 meanwhile
 *   wait for it and each retries once with the new token. If the refresh fails the session is cleared and
 *   `onSessionEnded('Refresh token failed.')` is called.
 * - On 403 the session is cleared and `onSessionEnded(undefined)` is called, unless it is a view as customer's refused
 *   change (READ_ONLY_VIEW_HEADER).
 * - Every POST, PUT, PATCH or DELETE below /api/ is announced to `subscribe` listeners (see query-cache.ts).
 */

export type Parser<T> = (body: unknown) => T;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A response with a non-2xx status. `body` is the parsed JSON (or text) the server sent, if any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Seconds from the Retry-After header of a 429, when it had a usable value. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly status: number,
    readonly url: string,
    readonly body: unknown,
    options: { retryAfterSeconds?: number | undefined } = {},
  ) {
    super(`Request to ${url} failed with HTTP ${status}`);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** The machine-readable reason: the ApiError body's `code`, or the OAuth body's `error` of the sign-in calls. */
  get code(): string | undefined {
    if (!isRecord(this.body)) return undefined;
    if (typeof this.body.code === 'string') return this.body.code;
    if (typeof this.body.error === 'string' && typeof this.body.error_description === 'string') return this.body.error;
    return undefined;
  }
}

/** The server answered with a body the parser rejected. */
export class ApiResponseError extends Error {
  override readonly name = 'ApiResponseError';

  constructor(
    readonly url: string,
    options: { cause: unknown },
  ) {
    super(`Unexpected response body from ${url}`, options);
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Skip every cache: the browser's HTTP cache here; query-cache.ts has the TanStack Query side. */
  disableCache?: boolean;
}

export type ApiRequestInit = Omit<RequestInit, 'headers'> & {
  headers?: Record<string, string>;
  disableCache?: boolean;
};

export type MutationMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A write below /api/; `area` is the first path segment after /api/ (`/api/messages/3` → `messages`). */
export interface MutationNotice {
  method: MutationMethod;
  path: string;
  area: string;
}

export type SessionEndedHandler = (message: string | undefined) => void;

export const REFRESH_FAILED_MESSAGE = 'Refresh token failed.';

/** The calls with token rules of their own (spec 7). */
const AUTH_PATHS = {
  login: FIRST_LOAD_PATHS.login,
  secondStep: FIRST_LOAD_PATHS.secondStep,
  singleSignOn: FIRST_LOAD_PATHS.singleSignOn,
  dash: FIRST_LOAD_PATHS.dashLogin,
  refresh: FIRST_LOAD_PATHS.refresh,
  revoke: FIRST_LOAD_PATHS.revoke,
} as const;

/** The path without query, hash or leading slashes: `/api/login?x=1` → `api/login`. */
function normalPath(path: string): string {
  return (path.split(/[?#]/, 1)[0] ?? '').replace(/^\/+/, '').replace(/\/+$/, '');
}

/** The API area of a path: the first segment after /api/, or undefined outside /api/. */
export function apiArea(path: string): string | undefined {
  const match = /^api\/([^/]+)/.exec(normalPath(path));
  return match?.[1];
}

type AuthCall = 'none' | 'main-only' | 'all';

const WITHOUT_TOKENS = new Set<string>([
  AUTH_PATHS.login,
  AUTH_PATHS.secondStep,
  AUTH_PATHS.singleSignOn,
  AUTH_PATHS.refresh,
  AUTH_PATHS.revoke,
]);

/**
 * Which bearer tokens a call carries (spec 7): none on sign-in (each of its ways and steps), refresh and revoke; the
 * dash login only the main.
 */
function tokensFor(path: string): AuthCall {
  const normal = `/${normalPath(path)}`;
  if (WITHOUT_TOKENS.has(normal)) return 'none';
  if (normal === AUTH_PATHS.dash) return 'main-only';
  return 'all';
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (/[/+]json\b/i.test(contentType)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - Date.now()) / 1000)) : undefined;
}

/** Throws {@link ApiError} for a non-2xx response, otherwise returns the body through `parse`. */
async function readResponse<T>(response: Response, url: string, parse: Parser<T>): Promise<T> {
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, url, body, { retryAfterSeconds: retryAfterOf(response) });
  try {
    return parse(body);
  } catch (cause) {
    throw new ApiResponseError(url, { cause });
  }
}

export type FormFields = Record<string, string | number | boolean | undefined>;

export interface ApiClientOptions {
  /** Defaults to the global `fetch`, looked up on every call. */
  fetch?: typeof fetch;
  session?: SessionStore;
  /** Defaults to `document.baseURI`, looked up on every call. */
  baseUri?: () => string;
  /** Whether the browser holds a session cookie to restore; defaults to reading `document.cookie`. */
  hasSessionCookie?: () => boolean;
  onSessionEnded?: SessionEndedHandler;
}

export interface ApiClient {
  readonly session: SessionStore;
  /** Sends a request below the base URL with the session's tokens and its 401/403 rules. */
  apiFetch(path: string, init?: ApiRequestInit): Promise<Response>;
  getJson<T>(path: string, parse: Parser<T>, options?: RequestOptions): Promise<T>;
  sendJson<T>(
    method: MutationMethod,
    path: string,
    body: unknown,
    parse: Parser<T>,
    options?: RequestOptions,
  ): Promise<T>;
  /** POSTs form-encoded fields (undefined ones left out); the reply body is returned through `parse` if given. */
  sendForm<T = unknown>(path: string, fields: FormFields, parse?: Parser<T>, options?: RequestOptions): Promise<T>;
  /**
   * POSTs a multipart body (the browser writes its Content-Type with the boundary, so none is set here); the reply
   * body is returned through `parse`.
   */
  sendMultipart<T>(path: string, body: FormData, parse: Parser<T>, options?: RequestOptions): Promise<T>;
  /** The shared refresh: one at a time, resolving whether the session could be renewed. */
  refreshSession(): Promise<boolean>;
  /**
   * Signs in from the session cookie at start-up, when the browser holds one; resolves whether it is signed in. A
   * failure only leaves it signed out: no session-ended message, as nothing the user had open was lost.
   */
  restoreSession(): Promise<boolean>;
  /** Ends the session from the outside (logout, 403): clears it and calls the session-ended handler. */
  endSession(message: string | undefined): void;
  setSessionEndedHandler(handler: SessionEndedHandler | undefined): void;
  /** Listens to writes below /api/ (after their response arrived, whatever its status). */
  onMutation(listener: (notice: MutationNotice) => void): () => void;
  /** Listens to sign-in and sign-out (logout, failed refresh, 403); refreshes are not announced. */
  onSessionEvent(listener: (event: SessionEvent) => void): () => void;
  announceSession(event: SessionEvent): void;
}

export type SessionEvent = 'signed-in' | 'signed-out';

const MUTATION_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const session = options.session ?? sessionStore;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUri = options.baseUri ?? documentBaseUri;
  const sessionCookie = options.hasSessionCookie ?? (() => hasSessionCookie());
  let onSessionEnded = options.onSessionEnded;
  const mutationListeners = new Set<(notice: MutationNotice) => void>();
  const sessionListeners = new Set<(event: SessionEvent) => void>();
  let refreshing: Promise<boolean> | undefined;
  let restoring: Promise<boolean> | undefined;

  function headersFor(path: string, extra: Record<string, string> | undefined): Record<string, string> {
    const headers: Record<string, string> = { ...extra };
    const calls = tokensFor(path);
    if (calls !== 'all') headers[SESSION_COOKIE_HEADER] = SESSION_COOKIE_MODE;
    if (calls === 'none') return headers;
    const main = session.getTokens();
    if (main) headers.Authorization = `Bearer ${main.accessToken}`;
    if (calls === 'all') {
      const dash = session.getDashTokens();
      if (dash) headers['Dash-Authorization'] = `Bearer ${dash.accessToken}`;
    }
    return headers;
  }

  function announceSession(event: SessionEvent): void {
    for (const listener of [...sessionListeners]) listener(event);
  }

  function endSession(message: string | undefined): void {
    session.clear();
    announceSession('signed-out');
    onSessionEnded?.(message);
  }

  /** Plain request: no refresh, no 403 rule, no mutation notice. */
  function send(path: string, init: ApiRequestInit): Promise<Response> {
    const { disableCache, headers, ...rest } = init;
    const url = resolveAppUrl(path, baseUri()).href;
    return doFetch(url, {
      credentials: 'same-origin',
      ...rest,
      ...(disableCache ? { cache: 'no-store' as const } : {}),
      headers: headersFor(path, headers),
    });
  }

  async function formPost(path: string, fields: FormFields): Promise<Response> {
    return send(path, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: formBody(fields).toString(),
    });
  }

  /** Renews the tokens with the refresh token of the session cookie, which the browser sends by itself. */
  async function runRefresh(): Promise<boolean> {
    try {
      // The reply schemas, and zod, load with the first refresh rather than with every page (first-load-paths.ts).
      const { DashLoginReplySchema, LoginReplySchema } = await import('./first-load-operations');
      const refreshed = await formPost(AUTH_PATHS.refresh, {});
      const reply = await readResponse(refreshed, AUTH_PATHS.refresh, LoginReplySchema.parse);
      session.setTokens(reply.token.access_token, reply.expiresIn);
      session.setRoles(reply.roles);
      const dashResponse = await send(AUTH_PATHS.dash, { method: 'POST', headers: { Accept: 'application/json' } });
      const dash = await readResponse(dashResponse, AUTH_PATHS.dash, DashLoginReplySchema.parse);
      session.setDashTokens(dash.data.token.access_token, dash.data.token.expires_in);
      return true;
    } catch {
      return false;
    }
  }

  function refreshSession(): Promise<boolean> {
    refreshing ??= runRefresh()
      .then((renewed) => {
        if (!renewed) endSession(REFRESH_FAILED_MESSAGE);
        return renewed;
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  function restoreSession(): Promise<boolean> {
    if (session.isSignedIn()) return Promise.resolve(true);
    if (restoring) return restoring;
    if (!sessionCookie()) return Promise.resolve(false);
    session.setRestoring(true);
    restoring = runRefresh()
      .then((restored) => {
        if (!restored) session.clear();
        return restored;
      })
      .finally(() => {
        restoring = undefined;
        session.setRestoring(false);
      });
    return restoring;
  }

  async function apiFetch(path: string, init: ApiRequestInit = {}): Promise<Response> {
    // A call that carries tokens waits for the session being restored, rather than go without and be refused.
    if (restoring && tokensFor(path) !== 'none' && !session.isSignedIn()) await restoring;
    const usedToken = session.getTokens()?.accessToken;
    let response = await send(path, init);
    const guarded = tokensFor(path) === 'all' && usedToken !== undefined;
    if (guarded && response.status === 401) {
      // A refresh that finished while this request was under way already renewed the token: just retry.
      const current = session.getTokens()?.accessToken;
      const renewed = current !== undefined && current !== usedToken ? true : await refreshSession();
      if (renewed) response = await send(path, init);
    }
    // A view as customer's refused change keeps the session: it is read-only, not over (decision 0220).
    if (guarded && response.status === 403 && !response.headers.has(READ_ONLY_VIEW_HEADER)) endSession(undefined);
    const method = (init.method ?? 'GET').toUpperCase();
    const area = apiArea(path);
    if (area !== undefined && MUTATION_METHODS.has(method)) {
      const notice: MutationNotice = { method: method as MutationMethod, path, area };
      for (const listener of [...mutationListeners]) listener(notice);
    }
    return response;
  }

  return {
    session,
    apiFetch,
    async getJson(path, parse, requestOptions = {}) {
      const url = resolveAppUrl(path, baseUri()).href;
      const response = await apiFetch(path, {
        method: 'GET',
        headers: { Accept: 'application/json', ...requestOptions.headers },
        signal: requestOptions.signal ?? null,
        ...(requestOptions.disableCache ? { disableCache: true } : {}),
      });
      return readResponse(response, url, parse);
    },
    async sendJson(method, path, body, parse, requestOptions = {}) {
      const url = resolveAppUrl(path, baseUri()).href;
      const response = await apiFetch(path, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...requestOptions.headers,
        },
        signal: requestOptions.signal ?? null,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return readResponse(response, url, parse);
    },
    async sendForm<T = unknown>(
      path: string,
      fields: FormFields,
      parse?: Parser<T>,
      requestOptions: RequestOptions = {},
    ) {
      const url = resolveAppUrl(path, baseUri()).href;
      const response = await apiFetch(path, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
          ...requestOptions.headers,
        },
        signal: requestOptions.signal ?? null,
        body: formBody(fields).toString(),
      });
      return readResponse(response, url, parse ?? ((value: unknown) => value as T));
    },
    async sendMultipart(path, body, parse, requestOptions = {}) {
      const url = resolveAppUrl(path, baseUri()).href;
      const response = await apiFetch(path, {
        method: 'POST',
        headers: { Accept: 'application/json', ...requestOptions.headers },
        signal: requestOptions.signal ?? null,
        body,
      });
      return readResponse(response, url, parse);
    },
    refreshSession,
    restoreSession,
    endSession,
    setSessionEndedHandler(handler) {
      onSessionEnded = handler;
    },
    onMutation(listener) {
      mutationListeners.add(listener);
      return () => {
        mutationListeners.delete(listener);
      };
    },
    onSessionEvent(listener) {
      sessionListeners.add(listener);
      return () => {
        sessionListeners.delete(listener);
      };
    },
    announceSession,
  };
}

/** The app's client, on the page's session store and the global fetch; the router sets its session-ended handler. */
export const apiClient: ApiClient = createApiClient();
