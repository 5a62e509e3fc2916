import { buildSimulator, loadSimConfig } from '@portal/carrier-sim';

/** The simulators' names for the two mobile carriers (docs/decisions/0080). */
export type SimCarrier = 'mobile-33' | 'mobile-27-36';
export type FaultMode = 'none' | 'error' | 'timeout' | 'slow' | 'reject';

/** How long a simulated carrier takes to complete an accepted change in the browser tests. */
export const E2E_COMPLETION_MS = 1500;

export interface CarrierSim {
  /** e.g. `http://127.0.0.1:41234`: the portal server's CARRIER_SIM_URL. */
  readonly url: string;
  setFault(carrier: SimCarrier, mode: FaultMode): Promise<void>;
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The carrier simulators (apps/carrier-sim) for a test file's portal server, on a free port of this process, as
 * the portal reaches them in production (over HTTP at CARRIER_SIM_URL), with no added latency. Faults are set
 * through the simulators' own control API.
 */
export async function startCarrierSim(): Promise<CarrierSim> {
  const sim = await buildSimulator(
    loadSimConfig({ LOG_LEVEL: 'silent', SIM_LATENCY_MS: '0', SIM_COMPLETION_MS: String(E2E_COMPLETION_MS) }),
  );
  const url = await sim.listen({ host: '127.0.0.1', port: 0 });
  const control = async (method: 'PUT' | 'DELETE', path: string, body?: object) => {
    const response = await fetch(`${url}/_control${path}`, {
      method,
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
    if (!response.ok)
      throw new Error(`${method} /_control${path} answered ${response.status}: ${await response.text()}`);
    await response.body?.cancel();
  };
  return {
    url,
    setFault: (carrier, mode) => control('PUT', `/faults/${carrier}`, { mode }),
    clearFaults: () => control('DELETE', '/faults'),
    close: () => sim.close(),
  };
}
