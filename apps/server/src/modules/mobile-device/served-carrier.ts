import { carrierRequestKey, type MobileCarrierEntry, type SimLength } from '@portal/contract';

/**
 * One mobile carrier of the registry as its family's service serves it: its adapter, its name (in failures), its
 * suppliers (a line of another is not found) and the key its stored requests carry.
 */
export type ServedCarrier<Adapter> = {
  adapter: Adapter;
  name: string;
  suppliers: readonly number[];
  requestKey: string;
  /** How long its SIM numbers are (the SIM swap's rule). */
  simLength: SimLength;
};

export function servedCarrier<Adapter>(entry: MobileCarrierEntry, adapter: Adapter): ServedCarrier<Adapter> {
  return {
    adapter,
    name: entry.name,
    suppliers: entry.supplierIds,
    requestKey: carrierRequestKey(entry),
    simLength: entry.simLength,
  };
}
