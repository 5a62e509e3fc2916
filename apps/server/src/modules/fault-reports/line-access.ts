import { BROADBAND_CARRIER, type BroadbandServiceSegment, ENDPOINT_TYPE } from '@portal/contract';
import { endpointsInEstate } from '../../estate/conditions.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { notFound } from '../../http/errors.js';

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
  const line = await scope.db
    .selectFrom('order_items')
    .innerJoin('endpoints', 'endpoints.id', 'order_items.endpoint_id')
    .select([
      'order_items.id as order_item_id',
      'endpoints.id',
      'endpoints.company_id',
      'endpoints.identifier',
      'endpoints.carrier_id',
    ])
    .where('order_items.id', '=', orderItemId)
    .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.broadband)
    .where('endpoints.carrier_id', '=', CARRIER_OF_SERVICE[service])
    .where((eb) => endpointsInEstate(eb, scope))
    .executeTakeFirst();
  if (!line) throw notFound('No such order item');
  return line;
}
export type BroadbandLineRow = Awaited<ReturnType<typeof broadbandLineOfItem>>;
