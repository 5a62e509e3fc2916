import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The SPA's policy: everything from this origin; inline styles only because MUI/emotion injects them. */
export const SPA_CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
} as const satisfies Record<string, readonly string[]>;

export function cspHeaderValue(policy: Record<string, readonly string[]>): string {
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Helmet's headers on every answer. Helmet's middleware is built once here: @fastify/helmet built it again for
 * every request (parsing the policy each time), a few per cent of a cheap call's time.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { production: boolean }) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      // No helmet defaults: they add upgrade-insecure-requests, which breaks the portal served over plain http.
      useDefaults: false,
      directives: toMutable(SPA_CONTENT_SECURITY_POLICY),
    },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
}

/** API answers hold one user's data, so no browser or proxy may keep them unless a route says otherwise. */
export function preventApiCaching(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function toMutable(policy: Record<string, readonly string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(policy).map(([directive, sources]) => [directive, [...sources]]));
}
