import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { LINE_CONDITIONS, UK_LANDLINE } from './broadband/line-model.js';
import { BROADBAND_SIM_CARRIERS, CarrierSchema, MOBILE_SIM_CARRIERS, SIMULATED_CARRIER } from './carriers.js';
import { FaultRequestSchema } from './fault-injector.js';
import { notFound, validationFailed } from './http-errors.js';
import { VERTEX_NETWORKS } from './vertex/catalogue.js';

const CarrierParamsSchema = z.strictObject({ carrier: CarrierSchema });
const MobileCarrierParamsSchema = z.strictObject({ carrier: z.enum(MOBILE_SIM_CARRIERS) });
const LineParamsSchema = MobileCarrierParamsSchema.extend({ number: z.string() });
const BroadbandCarrierParamsSchema = z.strictObject({ carrier: z.enum(BROADBAND_SIM_CARRIERS) });
const LineQuerySchema = z.strictObject({ networkId: z.coerce.number().int().optional() });

const BroadbandLineParamsSchema = BroadbandCarrierParamsSchema.extend({
  number: z.string().regex(UK_LANDLINE, 'a UK geographic number of 11 digits'),
});
const ConditionBodySchema = z.strictObject({ condition: z.enum(LINE_CONDITIONS) });

/**
 * Lets tests and demos break a carrier on purpose (PUT a fault, GET what is active, DELETE to heal them all) and
 * see what a mobile carrier holds: a line's state, and the change requests it received.
 */
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

  app.get('/_control/lines/:carrier/:number', async (request, reply) => {
    const params = LineParamsSchema.safeParse(request.params);
    if (!params.success) return reply.code(400).send(validationFailed(params.error, 'params'));
    const query = LineQuerySchema.safeParse(request.query);
    if (!query.success) return reply.code(400).send(validationFailed(query.error, 'query'));
    const { carrier, number } = params.data;
    const line =
      carrier === SIMULATED_CARRIER.halo
        ? app.mobileCarriers.halo.line(number)
        : app.mobileCarriers.vertex.line(query.data.networkId ?? Number.NaN, number);
    if (!line)
      return reply
        .code(404)
        .send(notFound(`No line ${number} at ${carrier} (Vertex needs ?networkId=${VERTEX_NETWORKS.join('|')})`));
    return line;
  });

  app.get('/_control/requests/:carrier', async (request, reply) => {
    const params = MobileCarrierParamsSchema.safeParse(request.params);
    if (!params.success) return reply.code(400).send(validationFailed(params.error, 'params'));
    const carrier =
      params.data.carrier === SIMULATED_CARRIER.halo ? app.mobileCarriers.halo : app.mobileCarriers.vertex;
    return carrier.requests.summary();
  });

  const broadbandCarrierOf = (carrier: string) =>
    carrier === SIMULATED_CARRIER.keystone ? app.broadbandCarriers.keystone : app.broadbandCarriers.skylark;

  /** A broadband line as its carrier holds it: condition, technology, voice service, live state. */
  app.get('/_control/broadband/:carrier/:number', async (request, reply) => {
    const params = BroadbandLineParamsSchema.safeParse(request.params);
    if (!params.success) return reply.code(400).send(validationFailed(params.error, 'params'));
    return broadbandCarrierOf(params.data.carrier).live(params.data.number);
  });

  /** Puts a broadband line in a condition (until the lines are reset), so a test need not hunt for a number. */
  app.put('/_control/broadband/:carrier/:number', async (request, reply) => {
    const params = BroadbandLineParamsSchema.safeParse(request.params);
    if (!params.success) return reply.code(400).send(validationFailed(params.error, 'params'));
    const body = ConditionBodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send(validationFailed(body.error, 'body'));
    const carrier = broadbandCarrierOf(params.data.carrier);
    carrier.conditions.set(params.data.number, body.data.condition);
    return carrier.live(params.data.number);
  });

  /** The faults a broadband carrier accepted, with their attachments as received (sizes and hashes). */
  app.get('/_control/fault-reports/:carrier', async (request, reply) => {
    const params = BroadbandCarrierParamsSchema.safeParse(request.params);
    if (!params.success) return reply.code(400).send(validationFailed(params.error, 'params'));
    return broadbandCarrierOf(params.data.carrier).faultDesk.received.summary();
  });

  app.delete('/_control/fault-reports', async (request) => {
    app.broadbandCarriers.keystone.faultDesk.reset();
    app.broadbandCarriers.skylark.faultDesk.reset();
    request.log.info('broadband fault reports forgotten');
    return { reset: true };
  });

  /** Puts every mobile line back to its starting state and forgets every change request. */
  app.delete('/_control/lines', async (request) => {
    app.mobileCarriers.halo.reset();
    app.mobileCarriers.vertex.reset();
    app.broadbandCarriers.keystone.reset();
    app.broadbandCarriers.skylark.reset();
    request.log.info('carrier lines, requests and tests reset');
    return { reset: true };
  });
};
