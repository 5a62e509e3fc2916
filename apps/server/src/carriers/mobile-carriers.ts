import type { AdapterOf } from '@portal/contract';
import type { Config } from '../config.js';
import type { CarrierHttp } from './carrier-http.js';
import { HaloAdapter } from './halo/halo-adapter.js';
import type { FirstCarrierAdapter, SecondCarrierAdapter } from './mobile-carrier.js';
import { DEFAULT_RESILIENCE, type ResilienceTimings, readTimeoutOf } from './resilience.js';
import { VertexAdapter } from './vertex/vertex-adapter.js';

/** Where the carriers' APIs live below CARRIER_SIM_URL (docs/decisions/0080). */
export const HALO_PATH = '/halo/v2';
export const VERTEX_PATH = '/vertex/api/v1';

/**
 * What the portal's routes and worker use, by the adapter names of the registry's families; each is its carrier's
 * adapter behind its resilience policy.
 */
export type MobileCarriers = { [A in AdapterOf<'mobileFirst'>]: FirstCarrierAdapter } & {
  [A in AdapterOf<'mobileSecond'>]: SecondCarrierAdapter;
};

type CarrierLog = { warn: (object: object, message: string) => void; info: (object: object, message: string) => void };

export type MobileCarrierOptions = {
  /** Overrides of the resilience timings; tests shrink them. */
  timings?: Partial<ResilienceTimings>;
  /** Where circuit changes are logged, so an operator sees a carrier go down and come back. */
  log?: CarrierLog;
};

/**
 * Both carriers' adapters, built once per process: each holds its circuit breaker, which only protects the
 * carrier if every call shares it.
 */
export function buildMobileCarriers(
  config: Pick<Config, 'carrierSimUrl' | 'haloApiKey' | 'vertexApiToken'> &
    Partial<Pick<Config, 'carrierReadTimeoutMs'>>,
  options: MobileCarrierOptions = {},
): MobileCarriers {
  const timings = { ...DEFAULT_RESILIENCE, ...readTimeoutOf(config), ...options.timings };
  const base = config.carrierSimUrl.replace(/\/+$/, '');
  const carriers = {
    halo: new HaloAdapter({ baseUrl: `${base}${HALO_PATH}`, apiKey: config.haloApiKey, timings }),
    vertex: new VertexAdapter({ baseUrl: `${base}${VERTEX_PATH}`, token: config.vertexApiToken, timings }),
  };
  if (options.log) logCircuitChanges(carriers, options.log);
  return carriers;
}

/** Logs each adapter's circuit opening, half-opening and closing, so an operator sees a carrier go and come back. */
export function logCircuitChanges(carriers: Record<string, { http: CarrierHttp }>, log: CarrierLog): void {
  for (const [carrier, adapter] of Object.entries(carriers)) {
    adapter.http.breaker.onBreak(() => log.warn({ carrier }, 'carrier circuit opened after repeated failures'));
    adapter.http.breaker.onHalfOpen(() => log.info({ carrier }, 'carrier circuit half-open: trying one call'));
    adapter.http.breaker.onReset(() => log.info({ carrier }, 'carrier circuit closed: the carrier answers again'));
  }
}
