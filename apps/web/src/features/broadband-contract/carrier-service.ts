import {
  type BroadbandDiagnosticsOperations,
  broadbandCarrierOf,
  broadbandDiagnosticsOperations,
} from '@portal/contract';

export type BroadbandServiceOperations = BroadbandDiagnosticsOperations;

/**
 * The diagnostics routes of a contract's carrier (docs/decisions/0095, 0165); undefined for a carrier that
 * publishes none (spec 9).
 */
export function carrierServiceOperations(carrierId: number | undefined): BroadbandServiceOperations | undefined {
  const carrier = broadbandCarrierOf(carrierId);
  return carrier === undefined ? undefined : broadbandDiagnosticsOperations[carrier];
}
