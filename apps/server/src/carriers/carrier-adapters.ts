import type { MobileCarrierChanges } from './mobile-carrier.js';
import type { MobileCarriers } from './mobile-carriers.js';

/** The value of `carrier_requests.carrier` for each mobile carrier (the table's CHECK names them). */
export const CARRIER_KEY = { halo: 'mobile-33', vertex: 'mobile-27-36' } as const;
export type MobileCarrierKey = (typeof CARRIER_KEY)[keyof typeof CARRIER_KEY];

/** The adapter that sends and follows the changes of a stored request's carrier. */
export function changesOf(carriers: MobileCarriers, carrier: MobileCarrierKey): MobileCarrierChanges {
  return carrier === CARRIER_KEY.halo ? carriers.halo : carriers.vertex;
}
