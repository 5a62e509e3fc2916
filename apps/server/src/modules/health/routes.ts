import { API } from '@portal/contract';
import { operationRoutes } from '../operation-routes.js';

/** Liveness and readiness probes: /ready asks every dependency the app registered in app.readiness. */
export const healthRoutes = operationRoutes(API.health, (app) => ({
  health: async () => ({ status: 'ok' }),
  ready: async ({ request, reply }) => {
    const { ready, dependencies, failures } = await app.readiness.report();
    const database = dependencies.find((dependency) => dependency.name === 'database')?.status ?? 'down';
    for (const { name, error } of failures) {
      request.log.warn({ err: error, dependency: name }, `readiness check failed: ${name} unavailable`);
    }
    if (ready) return { status: 'ready', database, dependencies };
    reply.code(503);
    return { status: 'unavailable', database, dependencies };
  },
}));
