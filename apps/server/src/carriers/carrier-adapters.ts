import type { Config } from '../config.js';
import type { CarrierLine, FirstCarrierAdapter, MobileCarrierChanges, SecondCarrierAdapter } from './mobile-carrier.js';

/** The mobile carriers the server talks to: one adapter each (docs/decisions/0080). */
export type CarrierAdapters = { halo: FirstCarrierAdapter; vertex: SecondCarrierAdapter };

/** The value of `carrier_requests.carrier` for each mobile carrier (the table's CHECK names them). */
export const CARRIER_KEY = { halo: 'mobile-33', vertex: 'mobile-27-36' } as const;
export type MobileCarrierKey = (typeof CARRIER_KEY)[keyof typeof CARRIER_KEY];

/** The adapter that sends and follows the changes of a stored request's carrier. */
export function changesOf(adapters: CarrierAdapters, carrier: MobileCarrierKey): MobileCarrierChanges {
  return carrier === CARRIER_KEY.halo ? adapters.halo : adapters.vertex;
}

export type { CarrierLine };

/** The adapters of the carriers at CARRIER_SIM_URL. */
export function createCarrierAdapters(_config: Pick<Config, 'carrierSimUrl'>): CarrierAdapters {
  // Replaced by the HTTP adapters of branch wt-carrier-sims when it is merged.
  throw new Error('the carrier adapters are not built yet');
}
