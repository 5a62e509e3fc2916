import Fastify, { type FastifyPluginAsync } from 'fastify';
import type { Carrier } from './carriers.js';
import { SIMULATED_CARRIER } from './carriers.js';
import type { SimConfig } from './config.js';
import { controlRoutes } from './control-routes.js';
import { FaultInjector } from './fault-injector.js';
import { HALO_PREFIX, haloSimulation } from './halo/simulation.js';
import { installErrorHandling } from './http-errors.js';
import { KEYSTONE_PREFIX, keystoneSimulation } from './keystone/routes.js';
import { SKYLARK_PREFIX, skylarkSimulation } from './skylark/routes.js';
import { VERTEX_PREFIX, vertexSimulation } from './vertex/simulation.js';

export type MobileCarriers = {
  halo: ReturnType<typeof haloSimulation>;
  vertex: ReturnType<typeof vertexSimulation>;
};

export type BroadbandCarriers = {
  keystone: ReturnType<typeof keystoneSimulation>;
  skylark: ReturnType<typeof skylarkSimulation>;
};

declare module 'fastify' {
  interface FastifyInstance {
    faults: FaultInjector;
    mobileCarriers: MobileCarriers;
    broadbandCarriers: BroadbandCarriers;
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
  const now = options.now ?? (() => new Date());
  const broadbandCarriers: BroadbandCarriers = {
    keystone: keystoneSimulation({ apiKey: config.keystoneApiKey, testMs: config.broadbandTestMs, faults, now }),
    skylark: skylarkSimulation({ token: config.skylarkToken, testMs: config.broadbandTestMs, faults, now }),
  };
  app.decorate('faults', faults);
  app.decorate('mobileCarriers', mobileCarriers);
  app.decorate('broadbandCarriers', broadbandCarriers);
  app.addHook('preClose', async () => {
    // Delayed and hung carrier calls would otherwise hold the close until close-with-grace gives up.
    faults.releaseAll();
    mobileCarriers.halo.reset();
    mobileCarriers.vertex.reset();
    broadbandCarriers.keystone.reset();
    broadbandCarriers.skylark.reset();
  });
  installErrorHandling(app);

  app.get('/health', async () => ({ status: 'ok' as const }));
  await app.register(controlRoutes);
  await app.register(carrierRoutes(SIMULATED_CARRIER.halo, mobileCarriers.halo.routes), { prefix: HALO_PREFIX });
  await app.register(carrierRoutes(SIMULATED_CARRIER.vertex, mobileCarriers.vertex.routes), { prefix: VERTEX_PREFIX });
  await app.register(carrierRoutes(SIMULATED_CARRIER.keystone, broadbandCarriers.keystone.routes), {
    prefix: KEYSTONE_PREFIX,
  });
  await app.register(carrierRoutes(SIMULATED_CARRIER.skylark, broadbandCarriers.skylark.routes), {
    prefix: SKYLARK_PREFIX,
  });

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
