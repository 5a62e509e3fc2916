import { CARRIER_REGISTRY } from '@portal/contract';

/**
 * Vertex wholesales two networks on one platform, each with its own bars and SIM rule; their ids are the portal's
 * supplier ids of its registry entry, in the entry's order (the standard network, then the premium one).
 */
export const VERTEX_NETWORKS = CARRIER_REGISTRY.vertex.supplierIds;
export type VertexNetwork = (typeof VERTEX_NETWORKS)[number];
const [STANDARD_NETWORK, PREMIUM_NETWORK] = VERTEX_NETWORKS;

/**
 * `spendControl`: a bar the portal's spend alerts place (the registry's alertBars); no line starts with one, so the
 * lines the other bars are drawn for are as they were before these were offered.
 */
export type VertexBar = { networkSuffix: string; description: string; spendControl?: true };

export const VERTEX_BARS: Record<VertexNetwork, readonly VertexBar[]> = {
  [STANDARD_NETWORK]: [
    { networkSuffix: 'PRS', description: 'Premium rate services' },
    { networkSuffix: 'INTL', description: 'International calls' },
    { networkSuffix: 'ROAM', description: 'Roaming' },
    { networkSuffix: 'ADLT', description: 'Adult content' },
    { networkSuffix: 'DATA', description: 'Mobile data' },
    { networkSuffix: 'CHRG', description: 'Chargeable calls', spendControl: true },
  ],
  [PREMIUM_NETWORK]: [
    { networkSuffix: 'PRM', description: 'Premium rate numbers' },
    { networkSuffix: 'IDD', description: 'International direct dial' },
    { networkSuffix: 'RMG', description: 'Roaming' },
    { networkSuffix: 'GMB', description: 'Gambling sites' },
    { networkSuffix: 'MMS', description: 'Picture messages' },
    { networkSuffix: 'CHG', description: 'Chargeable text services' },
    { networkSuffix: 'MDT', description: 'Mobile data', spendControl: true },
    { networkSuffix: 'CHC', description: 'Chargeable calls', spendControl: true },
  ],
};

/** ICCIDs: the standard network takes 15 to 20 digits, the premium one exactly 19; both start 8944 (UK). */
export const VERTEX_SIM_RULES: Record<VertexNetwork, { pattern: string; message: string }> = {
  [STANDARD_NETWORK]: {
    pattern: '^8944[0-9]{11,16}$',
    message: 'Enter the 15 to 20 digit SIM number (ICCID) printed on the SIM card; it starts 8944.',
  },
  [PREMIUM_NETWORK]: {
    pattern: '^8944[0-9]{15}$',
    message: 'Enter the 19-digit SIM number (ICCID) printed on the SIM card; it starts 8944.',
  },
};

export function isVertexNetwork(value: number): value is VertexNetwork {
  return (VERTEX_NETWORKS as readonly number[]).includes(value);
}
