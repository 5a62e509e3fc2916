import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.js';
import { createMetrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

/**
 * GET /metrics for the operator's Prometheus, behind METRICS_TOKEN as a bearer token (docs/decisions/0199). Without
 * a token configured nothing is counted and the path answers 404 like any unknown one. Not an operation of the
 * contract: no customer calls it, so it is not in the API document either.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined): void {
  if (!token) return;
  const registry = createMetrics(app);
  const expected = digest(`Bearer ${token}`);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const given = request.headers.authorization;
    // Digests of equal length, so the comparison takes as long whatever the guess.
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      throw new HttpError(401, 'The metrics need the operator token', {
        code: 'invalid_token',
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      });
    }
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
