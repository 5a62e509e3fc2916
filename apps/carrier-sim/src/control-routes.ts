import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { CarrierSchema } from './carriers.js';
import { FaultRequestSchema } from './fault-injector.js';
import { validationFailed } from './http-errors.js';

const CarrierParamsSchema = z.strictObject({ carrier: CarrierSchema });

/** Lets tests and demos break a carrier on purpose: PUT a fault, GET what is active, DELETE to heal them all. */
export const controlRoutes: FastifyPluginAsync = async (app) => {
  app.get('/_control/faults', async () => ({ faults: app.faults.all() }));

  app.put('/_control/faults/:carrier', async (request, reply) => {
    const params = CarrierParamsSchema.safeParse(request.params);
    if (!params.success) return reply.code(400).send(validationFailed(params.error, 'params'));
    const body = FaultRequestSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send(validationFailed(body.error, 'body'));

    const fault = app.faults.set(params.data.carrier, body.data);
    request.log.info({ carrier: params.data.carrier, fault }, 'carrier fault set');
    return { carrier: params.data.carrier, fault };
  });

  app.delete('/_control/faults', async (request) => {
    app.faults.reset();
    request.log.info('all carrier faults cleared');
    return { faults: app.faults.all() };
  });
};
