import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { type ApiClient, createApiClient, type SessionEndedHandler } from './client';
import { createSessionStore, type SessionStore } from './session-store';

export const BASE = 'https://portal.example.com/business/';
export const NOW = Date.parse('2026-11-21T10:00:00.000Z');

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export interface Call {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/**
 * A client on a session store of its own and a fake fetch answered by `handler`; `calls` records every request.
 * `sessionCookie`: whether the browser holds a session cookie to restore.
 */
export function setup(
  handler: (call: Call) => Response | Promise<Response>,
  { sessionCookie = false }: { sessionCookie?: boolean } = {},
) {
  const calls: Call[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = new URL(String(input));
    const call: Call = {
      path: url.pathname.replace('/business', ''),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  const session: SessionStore = createSessionStore({ now: () => NOW });
  const onSessionEnded = vi.fn<SessionEndedHandler>();
  const client: ApiClient = createApiClient({
    fetch,
    session,
    baseUri: () => BASE,
    onSessionEnded,
    hasSessionCookie: () => sessionCookie,
  });
  return { calls, fetch, session, client, onSessionEnded };
}

export function signIn(session: SessionStore, main = 'main-1', dash = 'dash-1'): void {
  session.setTokens(main, 300);
  session.setDashTokens(dash, 300);
  session.setRoles(['customer']);
}

/** Nothing of the session is left: no tokens, no roles. */
export function expectSignedOut(session: SessionStore): void {
  expect(session.getTokens()).toBeUndefined();
  expect(session.getDashTokens()).toBeUndefined();
  expect(session.getRoles()).toEqual([]);
  expect(session.isSignedIn()).toBe(false);
}

/**
 * A mock API server for a test file (msw): listening before its tests, reset after each (handlers and spies), closed
 * at the end; a request no handler answers fails the test.
 */
export function setupMockApi() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  afterAll(() => server.close());
  return server;
}
