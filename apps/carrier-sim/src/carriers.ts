import {
  CARRIER_REGISTRY,
  type CarrierAdapterName,
  type CarrierEntry,
  carrierEntries,
  carrierRequestKey,
} from '@portal/contract';
import { z } from 'zod';

/**
 * The simulated carrier APIs, one per adapter of the portal's registry (docs/decisions/0165), each named as the
 * portal names its carrier's stored requests: `mobile-` and the suppliers, or `broadband-` and the carrier id. A
 * simulator whose adapter serves several registry entries answers under the first one's name.
 */
function simulatedCarrier(adapter: CarrierAdapterName): string {
  const served = carrierEntries(CARRIER_REGISTRY).find(([, entry]) => entry.adapter === adapter);
  if (!served) throw new Error(`No carrier of the registry uses the '${adapter}' adapter`);
  return carrierRequestKey(served[1] as CarrierEntry);
}

export const SIMULATED_CARRIER = {
  halo: simulatedCarrier('halo'),
  vertex: simulatedCarrier('vertex'),
  keystone: simulatedCarrier('keystone'),
  skylark: simulatedCarrier('skylark'),
} as const satisfies Record<CarrierAdapterName, string>;

export const CARRIERS = Object.values(SIMULATED_CARRIER) as [string, ...string[]];
export const CarrierSchema = z.enum(CARRIERS);
export type Carrier = z.infer<typeof CarrierSchema>;
export const MOBILE_SIM_CARRIERS = [SIMULATED_CARRIER.halo, SIMULATED_CARRIER.vertex] as const;
export const BROADBAND_SIM_CARRIERS = [SIMULATED_CARRIER.keystone, SIMULATED_CARRIER.skylark] as const;
