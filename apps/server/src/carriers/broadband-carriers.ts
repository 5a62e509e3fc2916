import { type AdapterOf, broadbandCarrierEntries, carrierRequestKey } from '@portal/contract';
import type { Config } from '../config.js';
import { type BroadbandCarrierAdapter, DEFAULT_TEST_POLLING, type TestPolling } from './broadband-carrier.js';
import type { BroadbandFaultCarrier } from './broadband-fault.js';
import { KeystoneAdapter } from './keystone/keystone-adapter.js';
import { logCircuitChanges, type MobileCarrierOptions } from './mobile-carriers.js';
import { DEFAULT_RESILIENCE, readTimeoutOf } from './resilience.js';
import { SkylarkAdapter } from './skylark/skylark-adapter.js';

/** Where the broadband carriers' APIs live below CARRIER_SIM_URL (docs/decisions/0096). */
export const KEYSTONE_PATH = '/keystone/api/v3';
export const SKYLARK_PATH = '/skylark/v1';

/** Each broadband adapter of the registry's diagnostics family, by its name. */
export type BroadbandCarriers = { [A in AdapterOf<'broadbandDiagnostics'>]: BroadbandCarrierAdapter };

/** The fault desk of each broadband carrier, by its carrier_requests key (the worker's handlers go by it). */
export type FaultCarriers = Readonly<Record<string, BroadbandFaultCarrier>>;

/**
 * The same adapters as fault desks, one per carrier of the registry: a carrier's faults share its client and circuit
 * breaker with its diagnostics.
 */
export function faultCarriersOf(carriers: BroadbandCarriers): FaultCarriers {
  return Object.fromEntries(
    broadbandCarrierEntries().map(([, entry]) => [carrierRequestKey(entry), carriers[entry.adapter]]),
  );
}

export type BroadbandCarrierOptions = MobileCarrierOptions & { polling?: Partial<TestPolling> };

/** Both broadband carriers' adapters, built once per process so each circuit breaker sees every call. */
export function buildBroadbandCarriers(
  config: Pick<Config, 'carrierSimUrl' | 'keystoneApiKey' | 'skylarkApiToken'> &
    Partial<Pick<Config, 'carrierReadTimeoutMs'>>,
  options: BroadbandCarrierOptions = {},
): BroadbandCarriers {
  const timings = { ...DEFAULT_RESILIENCE, ...readTimeoutOf(config), ...options.timings };
  const polling = { ...DEFAULT_TEST_POLLING, ...options.polling };
  const base = config.carrierSimUrl.replace(/\/+$/, '');
  const carriers = {
    keystone: new KeystoneAdapter({
      baseUrl: `${base}${KEYSTONE_PATH}`,
      apiKey: config.keystoneApiKey,
      timings,
      polling,
    }),
    skylark: new SkylarkAdapter({ baseUrl: `${base}${SKYLARK_PATH}`, token: config.skylarkApiToken, timings, polling }),
  };
  if (options.log) logCircuitChanges(carriers, options.log);
  return carriers;
}
