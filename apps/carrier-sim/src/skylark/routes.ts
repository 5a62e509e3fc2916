import type { FastifyPluginAsync } from 'fastify';
import { type BroadbandSimOptions, broadbandCarrierState } from '../broadband/carrier-lines.js';
import { bearerToken, requireCredential } from '../carrier-auth.js';
import { installCarrierErrors } from '../carrier-faults.js';
import { SKYLARK_ERRORS, skylarkDiagnostics } from './diagnostics.js';

// Skylark Fibre (carrier 588, alternative broadband): every route of its API, behind its bearer token and in its
// error shape. Further route files (the fault reports) register here beside the diagnostics.

export const SKYLARK_PREFIX = '/skylark/v1';
export const SKYLARK_CARRIER = 'broadband-588';

export function skylarkSimulation(options: BroadbandSimOptions & { token: string }) {
  const state = broadbandCarrierState(SKYLARK_CARRIER, true, options);
  const routes: FastifyPluginAsync = async (scope) => {
    requireCredential(scope, bearerToken(options.token), {
      code: 'unauthenticated',
      message: 'A valid bearer token is required',
    });
    installCarrierErrors(scope, SKYLARK_ERRORS);
    await scope.register(skylarkDiagnostics(state));
  };
  return { ...state, routes };
}
