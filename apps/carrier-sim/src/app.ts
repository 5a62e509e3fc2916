import Fastify, { type FastifyPluginAsync } from 'fastify';
import type { Carrier } from './carriers.js';
import type { SimConfig } from './config.js';
import { controlRoutes } from './control-routes.js';
import { FaultInjector } from './fault-injector.js';
import { installErrorHandling } from './http-errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    faults: FaultInjector;
  }
}

export type SimulatorOptions = {
  /** Source of randomness for the base latency; tests pin it. */
  random?: () => number;
};

/** The simulated carriers' HTTP server, built without listening so tests can use `app.inject`. */
export async function buildSimulator(config: SimConfig, options: SimulatorOptions = {}) {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Nothing here is worth draining, and a client's keep-alive socket would otherwise hold the close for seconds.
    forceCloseConnections: true,
  });

  app.decorate('faults', new FaultInjector(config.baseLatency, options.random));
  // Delayed and hung carrier calls would otherwise hold the close until close-with-grace gives up.
  app.addHook('preClose', async () => app.faults.releaseAll());
  installErrorHandling(app);

  app.get('/health', async () => ({ status: 'ok' as const }));
  await app.register(controlRoutes);

  return app;
}

export type Simulator = Awaited<ReturnType<typeof buildSimulator>>;

/** Registers one carrier's routes behind its fault hook, so every call first gets its latency and any fault. */
export function carrierRoutes(carrier: Carrier, routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRequest', scope.faults.hook(carrier));
    await scope.register(routes);
  };
}
