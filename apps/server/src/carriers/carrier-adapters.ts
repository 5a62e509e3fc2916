import { carrierRequestKey, type MobileCarrierEntry, mobileCarrierEntries } from '@portal/contract';
import type { MobileCarrierChanges } from './mobile-carrier.js';
import type { MobileCarriers } from './mobile-carriers.js';

/** Each mobile carrier of the registry by the key its stored requests carry (`carrier_requests.carrier`). */
export const MOBILE_CARRIERS_BY_REQUEST_KEY: ReadonlyMap<string, MobileCarrierEntry> = new Map(
  mobileCarrierEntries().map(([, entry]) => [carrierRequestKey(entry), entry]),
);

/** The mobile carrier of a stored request's key; a key of no mobile carrier is a bug of the caller. */
export function mobileCarrierOfRequest(requestKey: string): MobileCarrierEntry {
  const entry = MOBILE_CARRIERS_BY_REQUEST_KEY.get(requestKey);
  if (!entry) throw new Error(`No mobile carrier stores its requests under '${requestKey}'`);
  return entry;
}

/** The adapter that sends and follows the changes of a stored request's carrier. */
export function changesOf(carriers: MobileCarriers, requestKey: string): MobileCarrierChanges {
  return carriers[mobileCarrierOfRequest(requestKey).adapter];
}
