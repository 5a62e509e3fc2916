import type { FastifyPluginAsync } from 'fastify';
import { type BroadbandSimOptions, broadbandCarrierState } from '../broadband/carrier-lines.js';
import { bearerToken, requireCredential } from '../carrier-auth.js';
import { installCarrierErrors } from '../carrier-faults.js';
import { SIMULATED_CARRIER } from '../carriers.js';
import { SKYLARK_ERRORS, skylarkDiagnostics } from './diagnostics.js';
import { skylarkFaultDesk } from './faults.js';

// Skylark Fibre (carrier 588, alternative broadband): every route of its API, behind its bearer token and in its
// error shape: the line diagnostics and the fault desk (docs/decisions/0096, 0100).

export const SKYLARK_PREFIX = '/skylark/v1';
export const SKYLARK_CARRIER = SIMULATED_CARRIER.skylark;

export function skylarkSimulation(options: BroadbandSimOptions & { token: string }) {
  const state = broadbandCarrierState(SKYLARK_CARRIER, true, options);
  const faultDesk = skylarkFaultDesk(state);
  const routes: FastifyPluginAsync = async (scope) => {
    requireCredential(scope, bearerToken(options.token), {
      code: 'unauthenticated',
      message: 'A valid bearer token is required',
    });
    installCarrierErrors(scope, SKYLARK_ERRORS);
    await scope.register(skylarkDiagnostics(state));
    await scope.register(faultDesk.routes);
  };
  return { ...state, faultDesk, routes };
}
