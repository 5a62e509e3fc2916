import type { FastifyPluginAsync } from 'fastify';
import { type BroadbandSimOptions, broadbandCarrierState } from '../broadband/carrier-lines.js';
import { headerKey, requireCredential } from '../carrier-auth.js';
import { installCarrierErrors } from '../carrier-faults.js';
import { SIMULATED_CARRIER } from '../carriers.js';
import { KEYSTONE_ERRORS, keystoneDiagnostics } from './diagnostics.js';
import { keystoneFaultDesk } from './faults.js';

// Keystone Networks (carrier 494, business broadband): every route of its API, behind its key and in its error
// shape: the line diagnostics and the fault desk (docs/decisions/0096, 0100).

export const KEYSTONE_PREFIX = '/keystone/api/v3';
export const KEYSTONE_CARRIER = SIMULATED_CARRIER.keystone;

export function keystoneSimulation(options: BroadbandSimOptions & { apiKey: string }) {
  const state = broadbandCarrierState(KEYSTONE_CARRIER, false, options);
  const faultDesk = keystoneFaultDesk(state);
  const routes: FastifyPluginAsync = async (scope) => {
    requireCredential(scope, headerKey('x-keystone-key', options.apiKey), {
      code: 'unauthorized',
      message: 'Missing or unknown X-Keystone-Key',
    });
    installCarrierErrors(scope, KEYSTONE_ERRORS);
    await scope.register(keystoneDiagnostics(state));
    await scope.register(faultDesk.routes);
  };
  return { ...state, faultDesk, routes };
}
