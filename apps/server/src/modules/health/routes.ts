import { API } from '@portal/contract';
import { operationRoutes } from '../operation-routes.js';
import { pingDatabase } from './repository.js';

// A readiness probe must answer even when the database hangs rather than fails.
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

/** Liveness and readiness probes. */
export const healthRoutes = operationRoutes(API.health, (app) => ({
  health: async () => ({ status: 'ok' }),
  ready: async ({ request, reply }) => {
    try {
      await withTimeout(pingDatabase(app.database.db), DATABASE_CHECK_TIMEOUT_MS);
      return { status: 'ready', database: 'up' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed: database unavailable');
      reply.code(503);
      return { status: 'unavailable', database: 'down' };
    }
  },
}));

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
