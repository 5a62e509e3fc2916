import { HealthResponseSchema, type ReadyResponse, ReadyResponseSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

// A readiness probe must answer even when the database hangs rather than fails.
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up',
        response: { 200: HealthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers',
        response: { 200: ReadyResponseSchema, 503: ReadyResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await withTimeout(sql`SELECT 1`.execute(app.database.db), DATABASE_CHECK_TIMEOUT_MS);
        return { status: 'ready', database: 'up' } satisfies ReadyResponse;
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed: database unavailable');
        return reply.code(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );
};

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database check timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
