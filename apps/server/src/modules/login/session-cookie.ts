import type { CookieSerializeOptions } from '@fastify/cookie';
import { API, SESSION_COOKIE_HEADER, SESSION_COOKIE_MODE, SIGNED_IN_COOKIE } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenDelivery } from '../../auth/refresh-tokens.js';

/**
 * The browser's session cookie (docs/decisions/0206): the refresh token in an HttpOnly, SameSite=Strict cookie that
 * only the refresh and revoke paths receive (one copy each), and beside it the scripts' SIGNED_IN_COOKIE, which
 * holds nothing but says a session is there to restore. Both expire with the token's idle lifetime. When the request
 * came over TLS (as Fastify reads it: X-Forwarded-Proto counts behind a trusted proxy) both are Secure and named
 * with the `__Secure-` prefix, so no page served over plain HTTP can set them.
 */
const REFRESH_COOKIE = 'portal_refresh';
const SECURE_PREFIX = '__Secure-';

const overTls = (request: FastifyRequest) => request.protocol === 'https';
const named = (request: FastifyRequest, name: string) => (overTls(request) ? `${SECURE_PREFIX}${name}` : name);

/** Where the token goes: a browser opts into the cookie with the session header, anyone else gets it as JSON. */
export function deliveryOf(headers: Readonly<Record<string, unknown>>): TokenDelivery {
  return headers[SESSION_COOKIE_HEADER] === SESSION_COOKIE_MODE ? 'cookie' : 'json';
}

/** The refresh token the request's cookie carries, if any. */
export function refreshCookieOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[named(request, REFRESH_COOKIE)];
  return token === undefined || token === '' ? undefined : token;
}

/** The paths as the browser sees them: below PUBLIC_URL's path when the portal is served below one. */
function cookiePaths(request: FastifyRequest) {
  const base = new URL(request.server.config.publicUrl).pathname.replace(/\/+$/, '');
  return {
    tokenPaths: [API.login.refresh.path, API.login.revoke.path].map((path) => `${base}${path}`),
    signedInPath: `${base}/`,
  };
}

function attributes(request: FastifyRequest, path: string): CookieSerializeOptions {
  return { path, sameSite: 'strict', secure: overTls(request) };
}

/** Hands the browser its refresh token, which it keeps until the token's idle expiry. */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  issued: { token: string; idleExpiresAt: Date },
): void {
  const maxAge = Math.max(0, Math.ceil((issued.idleExpiresAt.getTime() - Date.now()) / 1000));
  const { tokenPaths, signedInPath } = cookiePaths(request);
  for (const path of tokenPaths) {
    reply.setCookie(named(request, REFRESH_COOKIE), issued.token, {
      ...attributes(request, path),
      httpOnly: true,
      maxAge,
    });
  }
  reply.setCookie(named(request, SIGNED_IN_COOKIE), '1', { ...attributes(request, signedInPath), maxAge });
}

/** Removes both cookies (sign-out, or a refresh the server refused). */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const { tokenPaths, signedInPath } = cookiePaths(request);
  for (const path of tokenPaths) {
    reply.clearCookie(named(request, REFRESH_COOKIE), { ...attributes(request, path), httpOnly: true });
  }
  reply.clearCookie(named(request, SIGNED_IN_COOKIE), attributes(request, signedInPath));
}
