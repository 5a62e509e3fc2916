import {
  alternativeBroadbandEndpoints,
  type BroadbandServiceSegment,
  broadbandServiceOfCarrier,
  businessBroadbandEndpoints,
} from '@portal/contract';

/** The diagnostics routes of each broadband carrier's service (docs/decisions/0095); both have the same shape. */
const ENDPOINTS_OF_SERVICE = {
  broadbandKeystone: businessBroadbandEndpoints,
  broadbandSkylark: alternativeBroadbandEndpoints,
} satisfies Record<BroadbandServiceSegment, typeof businessBroadbandEndpoints>;

export type BroadbandServiceEndpoints = typeof businessBroadbandEndpoints;

/** The diagnostics routes of a contract's carrier; undefined for a carrier that publishes none (spec 9). */
export function carrierServiceEndpoints(carrierId: number | undefined): BroadbandServiceEndpoints | undefined {
  const service = broadbandServiceOfCarrier(carrierId);
  return service === undefined ? undefined : ENDPOINTS_OF_SERVICE[service];
}
