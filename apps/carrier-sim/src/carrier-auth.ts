import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CarrierFault } from './carrier-faults.js';

/**
 * Refuses every call of the scope that lacks the carrier's credential, in the carrier's own words. One helper, so
 * each carrier's further route files (diagnostics, fault reports) register under the same check.
 */
export function requireCredential(
  scope: FastifyInstance,
  accepts: (headers: FastifyRequest['headers']) => boolean,
  refusal: { code: string; message: string },
): void {
  scope.addHook('onRequest', async (request) => {
    if (!accepts(request.headers)) throw new CarrierFault(401, refusal.code, refusal.message);
  });
}

export const bearerToken = (token: string) => (headers: FastifyRequest['headers']) =>
  headers.authorization === `Bearer ${token}`;

export const headerKey = (name: string, key: string) => (headers: FastifyRequest['headers']) => headers[name] === key;
