import { buildSimulator, loadSimConfig, type Simulator } from '@portal/carrier-sim';
import { afterAll, afterEach, beforeAll } from 'vitest';

type SimCarrier = 'mobile-33' | 'mobile-27-36';
type Fault = { mode: 'none' | 'error' | 'timeout' | 'slow' | 'reject'; latencyMs?: number; times?: number };

export type CarrierSimulator = Awaited<ReturnType<typeof startCarrierSimulator>>;

/**
 * The real carrier simulator in this process on a free port, with no base latency, and its control API as
 * functions: faults, a line's state at the carrier, and the change requests the carrier received.
 */
export async function startCarrierSimulator(options: { completionMs?: number } = {}) {
  const sim: Simulator = await buildSimulator(
    loadSimConfig({
      LOG_LEVEL: 'silent',
      SIM_LATENCY_MS: '0',
      SIM_COMPLETION_MS: String(options.completionMs ?? 100),
    }),
  );
  const url = await sim.listen({ host: '127.0.0.1', port: 0 });

  async function control<T>(method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: object): Promise<T> {
    const response = await sim.inject({ method, url: `/_control${path}`, ...(payload ? { payload } : {}) });
    if (response.statusCode !== 200)
      throw new Error(`control ${method} ${path}: ${response.statusCode} ${response.body}`);
    return response.json() as T;
  }

  return {
    url,
    setFault: (carrier: SimCarrier, fault: Fault) =>
      control<{ fault: { mode: string; remaining?: number | null } }>('PUT', `/faults/${carrier}`, fault),
    faults: () =>
      control<{ faults: Record<SimCarrier, { mode: string; remaining?: number | null }> }>('GET', '/faults'),
    clearFaults: () => control('DELETE', '/faults'),
    /** Every line back to its starting state, every request forgotten. */
    resetLines: () => control('DELETE', '/lines'),
    haloLine: (cli: string) =>
      control<{
        serial_number: { number: string };
        addons: Array<{ id: number }>;
        spend_limit_lifted: boolean;
        monitoring_settings: { spend_limit?: { value: number; effective_from: string } };
      }>('GET', `/lines/mobile-33/${cli}`),
    vertexLine: (networkId: number, cli: string) =>
      control<{ simNo: string; bars: Array<{ networkSuffix: string }> }>(
        'GET',
        `/lines/mobile-27-36/${cli}?networkId=${networkId}`,
      ),
    /** How many change calls reached the carrier, and the distinct changes they made. */
    requests: (carrier: SimCarrier) =>
      control<{ received: number; requests: Array<{ reference: string; idempotencyKey: string; state: string }> }>(
        'GET',
        `/requests/${carrier}`,
      ),
    close: () => sim.close(),
  };
}

/**
 * The simulator for a whole test file, started before the app (call it before useTestApp or useDemoApp, whose env
 * then reads `url`); lines, requests and faults are reset after each test.
 */
export function useCarrierSimulator(options: { completionMs?: number } = {}) {
  let sim: CarrierSimulator | undefined;
  beforeAll(async () => {
    sim = await startCarrierSimulator(options);
  });
  afterEach(async () => {
    await sim?.clearFaults();
  });
  afterAll(async () => {
    await sim?.close();
  });
  return {
    get sim(): CarrierSimulator {
      if (!sim) throw new Error('the carrier simulator starts in beforeAll');
      return sim;
    },
  };
}
