import type { Config } from '../../config.js';
import { DEFAULT_RESILIENCE, type ResilienceTimings } from '../resilience.js';
import type { BroadbandFaultCarrier } from './fault-carrier.js';
import { KeystoneFaults } from './keystone-faults.js';
import { SkylarkFaults } from './skylark-faults.js';

/** Where the broadband carriers' APIs live below CARRIER_SIM_URL. */
export const KEYSTONE_PATH = '/keystone/api/v3';
export const SKYLARK_PATH = '/skylark/v1';

/** The fault desk of each diagnostics carrier, by its carrier_requests key. */
export type FaultCarriers = Record<'broadband-494' | 'broadband-588', BroadbandFaultCarrier>;

/** Both fault desks, built once per process so each keeps its circuit breaker. */
export function buildFaultCarriers(
  config: Pick<Config, 'carrierSimUrl' | 'keystoneApiKey' | 'skylarkApiToken'>,
  timings: Partial<ResilienceTimings> = {},
): FaultCarriers {
  const resilience = { ...DEFAULT_RESILIENCE, ...timings };
  const base = config.carrierSimUrl.replace(/\/+$/, '');
  return {
    'broadband-494': new KeystoneFaults({
      baseUrl: `${base}${KEYSTONE_PATH}`,
      apiKey: config.keystoneApiKey,
      timings: resilience,
    }),
    'broadband-588': new SkylarkFaults({
      baseUrl: `${base}${SKYLARK_PATH}`,
      token: config.skylarkApiToken,
      timings: resilience,
    }),
  };
}
