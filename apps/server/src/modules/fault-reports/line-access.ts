import { BROADBAND_CARRIER, type BroadbandServiceSegment } from '@portal/contract';
import type { EstateScope } from '../../estate/estate-scope.js';
import { notFound } from '../../http/errors.js';
import { findBroadbandLineOfItem } from './repository.js';

/** The carrier of each `{bbservice}` segment (docs/decisions/0095). */
export const CARRIER_OF_SERVICE: Record<BroadbandServiceSegment, number> = {
  broadbandKeystone: BROADBAND_CARRIER.businessBroadband,
  broadbandSkylark: BROADBAND_CARRIER.alternativeBroadband,
};

/**
 * The broadband line of an order item in the caller's estate, when the segment's carrier serves it. An item
 * outside the estate, of another kind of line or of the other carrier is not found, all alike.
 */
export async function broadbandLineOfItem(scope: EstateScope, service: BroadbandServiceSegment, orderItemId: number) {
  const line = await findBroadbandLineOfItem(scope, CARRIER_OF_SERVICE[service], orderItemId);
  if (!line) throw notFound('No such order item');
  return line;
}
