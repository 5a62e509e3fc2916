import Fastify, { type FastifyPluginAsync } from 'fastify';
import type { Carrier } from './carriers.js';
import type { SimConfig } from './config.js';
import { controlRoutes } from './control-routes.js';
import { FaultInjector } from './fault-injector.js';
import { HALO_PREFIX, haloSimulation } from './halo/simulation.js';
import { installErrorHandling } from './http-errors.js';
import { KEYSTONE_PREFIX, keystoneFaults } from './keystone/faults.js';
import { SKYLARK_PREFIX, skylarkFaults } from './skylark/faults.js';
import { VERTEX_PREFIX, vertexSimulation } from './vertex/simulation.js';

export type MobileCarriers = {
  halo: ReturnType<typeof haloSimulation>;
  vertex: ReturnType<typeof vertexSimulation>;
};

/** The broadband carriers' fault desks (docs/decisions/0100). */
export type FaultDesks = {
  keystone: ReturnType<typeof keystoneFaults>;
  skylark: ReturnType<typeof skylarkFaults>;
};

declare module 'fastify' {
  interface FastifyInstance {
    faults: FaultInjector;
    mobileCarriers: MobileCarriers;
    faultDesks: FaultDesks;
  }
}

export type SimulatorOptions = {
  /** Source of randomness for the base latency; tests pin it. */
  random?: () => number;
  /** Today, for the spend-limit dates of Halo's lines; tests pin it. */
  now?: () => Date;
};

/** The simulated carriers' HTTP server, built without listening so tests can use `app.inject`. */
export async function buildSimulator(config: SimConfig, options: SimulatorOptions = {}) {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Nothing here is worth draining, and a client's keep-alive socket would otherwise hold the close for seconds.
    forceCloseConnections: true,
  });

  const faults = new FaultInjector(config.baseLatency, options.random);
  const mobileCarriers: MobileCarriers = {
    halo: haloSimulation({
      apiKey: config.haloApiKey,
      completionMs: config.completionMs,
      faults,
      now: options.now ?? (() => new Date()),
    }),
    vertex: vertexSimulation({ token: config.vertexToken, completionMs: config.completionMs, faults }),
  };
  const faultDesks: FaultDesks = {
    keystone: keystoneFaults({ apiKey: config.keystoneApiKey, faults }),
    skylark: skylarkFaults({ token: config.skylarkToken, faults }),
  };
  app.decorate('faults', faults);
  app.decorate('mobileCarriers', mobileCarriers);
  app.decorate('faultDesks', faultDesks);
  app.addHook('preClose', async () => {
    // Delayed and hung carrier calls would otherwise hold the close until close-with-grace gives up.
    faults.releaseAll();
    mobileCarriers.halo.reset();
    mobileCarriers.vertex.reset();
  });
  installErrorHandling(app);

  app.get('/health', async () => ({ status: 'ok' as const }));
  await app.register(controlRoutes);
  await app.register(carrierRoutes('mobile-33', mobileCarriers.halo.routes), { prefix: HALO_PREFIX });
  await app.register(carrierRoutes('mobile-27-36', mobileCarriers.vertex.routes), { prefix: VERTEX_PREFIX });
  await app.register(carrierRoutes('broadband-494', faultDesks.keystone.routes), { prefix: KEYSTONE_PREFIX });
  await app.register(carrierRoutes('broadband-588', faultDesks.skylark.routes), { prefix: SKYLARK_PREFIX });

  return app;
}

export type Simulator = Awaited<ReturnType<typeof buildSimulator>>;

/** Registers one carrier's routes behind its fault hook, so every call first gets its latency and any fault. */
export function carrierRoutes(carrier: Carrier, routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRequest', scope.faults.hook(carrier));
    scope.addHook('onSend', scope.faults.lateAnswerHook());
    await scope.register(routes);
  };
}
