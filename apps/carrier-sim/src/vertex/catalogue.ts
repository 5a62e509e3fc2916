/** Vertex wholesales two networks on one platform; each offers its own bars and SIM rule. */
export const VERTEX_NETWORKS = [27, 36] as const;
export type VertexNetwork = (typeof VERTEX_NETWORKS)[number];

export type VertexBar = { networkSuffix: string; description: string };

export const VERTEX_BARS: Record<VertexNetwork, readonly VertexBar[]> = {
  27: [
    { networkSuffix: 'PRS', description: 'Premium rate services' },
    { networkSuffix: 'INTL', description: 'International calls' },
    { networkSuffix: 'ROAM', description: 'Roaming' },
    { networkSuffix: 'ADLT', description: 'Adult content' },
    { networkSuffix: 'DATA', description: 'Mobile data' },
  ],
  36: [
    { networkSuffix: 'PRM', description: 'Premium rate numbers' },
    { networkSuffix: 'IDD', description: 'International direct dial' },
    { networkSuffix: 'RMG', description: 'Roaming' },
    { networkSuffix: 'GMB', description: 'Gambling sites' },
    { networkSuffix: 'MMS', description: 'Picture messages' },
    { networkSuffix: 'CHG', description: 'Chargeable text services' },
  ],
};

/** ICCIDs: network 27 takes 15 to 20 digits, network 36 exactly 19; both start 8944 (UK). */
export const VERTEX_SIM_RULES: Record<VertexNetwork, { pattern: string; message: string }> = {
  27: {
    pattern: '^8944[0-9]{11,16}$',
    message: 'Enter the 15 to 20 digit SIM number (ICCID) printed on the SIM card; it starts 8944.',
  },
  36: {
    pattern: '^8944[0-9]{15}$',
    message: 'Enter the 19-digit SIM number (ICCID) printed on the SIM card; it starts 8944.',
  },
};

export function isVertexNetwork(value: number): value is VertexNetwork {
  return (VERTEX_NETWORKS as readonly number[]).includes(value);
}
