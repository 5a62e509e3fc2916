import { buildSimulator, loadSimConfig } from '@portal/carrier-sim';
import { type CarrierSimControl, carrierSimControl } from '@portal/carrier-sim/control';

/** How long a simulated carrier takes to complete an accepted change in the browser tests. */
export const E2E_COMPLETION_MS = 1500;

export type CarrierSim = CarrierSimControl & {
  /** e.g. `http://127.0.0.1:41234`: the portal server's CARRIER_SIM_URL. */
  readonly url: string;
  close(): Promise<void>;
};

/**
 * The carrier simulators (apps/carrier-sim) for a test file's portal server, on a free port of this process, as
 * the portal reaches them in production (over HTTP at CARRIER_SIM_URL), with no added latency. Tests break a
 * carrier or read a line through the simulators' own control API.
 */
export async function startCarrierSim(): Promise<CarrierSim> {
  const sim = await buildSimulator(
    loadSimConfig({ LOG_LEVEL: 'silent', SIM_LATENCY_MS: '0', SIM_COMPLETION_MS: String(E2E_COMPLETION_MS) }),
  );
  const url = await sim.listen({ host: '127.0.0.1', port: 0 });
  return { ...carrierSimControl(url), url, close: () => sim.close() };
}
