import type { BroadbandCarrierState } from './broadband/carrier-lines.js';
import type { LineCondition } from './broadband/line-model.js';
import { type Carrier, SIMULATED_CARRIER } from './carriers.js';
import type { ChangeRequest } from './change-requests.js';
import type { FaultRequest, FaultState } from './fault-injector.js';
import type { subscriptionBody } from './halo/simulation.js';
import type { ReceivedFault } from './received-faults.js';
import type { lineBody } from './vertex/simulation.js';

export type MobileSimCarrier = Carrier;
export type BroadbandSimCarrier = Carrier;
/** A broadband line as its carrier holds it (dates as JSON gives them). */
export type BroadbandLineState = Omit<ReturnType<BroadbandCarrierState['live']>, 'connectedSince'> & {
  connectedSince: string | null;
};
export type HaloLineState = ReturnType<typeof subscriptionBody>;
export type VertexLineState = ReturnType<typeof lineBody>;

/**
 * The simulator's control API over HTTP, typed from the simulator's own shapes: what tests of other packages use
 * to break a carrier, read a line as the carrier holds it, and count the change calls it received.
 */
export function carrierSimControl(baseUrl: string) {
  async function call<T>(method: 'GET' | 'PUT' | 'DELETE', route: string, body?: object): Promise<T> {
    const response = await fetch(`${baseUrl}/_control${route}`, {
      method,
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
    if (!response.ok)
      throw new Error(`${method} /_control${route} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  return {
    setFault: (carrier: Carrier, fault: FaultRequest) =>
      call<{ carrier: Carrier; fault: FaultState }>('PUT', `/faults/${carrier}`, fault),
    faults: () => call<{ faults: Record<Carrier, FaultState> }>('GET', '/faults'),
    clearFaults: () => call<{ faults: Record<Carrier, FaultState> }>('DELETE', '/faults'),
    /** Every line back to its starting state, every change request and broadband test forgotten. */
    resetLines: () => call<{ reset: true }>('DELETE', '/lines'),
    haloLine: (cli: string) => call<HaloLineState>('GET', `/lines/${SIMULATED_CARRIER.halo}/${cli}`),
    vertexLine: (networkId: number, cli: string) =>
      call<VertexLineState>('GET', `/lines/${SIMULATED_CARRIER.vertex}/${cli}?networkId=${networkId}`),
    broadbandLine: (carrier: BroadbandSimCarrier, number: string) =>
      call<BroadbandLineState>('GET', `/broadband/${carrier}/${number}`),
    /** Puts a broadband line in a condition until the lines are reset. */
    setBroadbandCondition: (carrier: BroadbandSimCarrier, number: string, condition: LineCondition) =>
      call<BroadbandLineState>('PUT', `/broadband/${carrier}/${number}`, { condition }),
    /** Every change call that reached the carrier with a key (`received`), and the distinct changes they made. */
    requests: (carrier: MobileSimCarrier) =>
      call<{ received: number; requests: Array<ChangeRequest<unknown>> }>('GET', `/requests/${carrier}`),
    /** Every fault call that reached a broadband carrier (`received`), and the distinct faults it raised. */
    faultReports: (carrier: BroadbandSimCarrier) =>
      call<{ received: number; faults: ReceivedFault[] }>('GET', `/fault-reports/${carrier}`),
    resetFaultReports: () => call<{ reset: true }>('DELETE', '/fault-reports'),
  };
}

export type CarrierSimControl = ReturnType<typeof carrierSimControl>;
