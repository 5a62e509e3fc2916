import { buildSimulator, loadSimConfig } from '@portal/carrier-sim';
import { carrierSimControl } from '@portal/carrier-sim/control';
import { afterAll, afterEach, beforeAll } from 'vitest';

export type CarrierSimulator = Awaited<ReturnType<typeof startCarrierSimulator>>;

/**
 * The real carrier simulator in this process on a free port, with no base latency, and its control API as
 * functions: faults, a line's state at the carrier, and the change requests the carrier received.
 */
export async function startCarrierSimulator(options: { completionMs?: number; testMs?: number } = {}) {
  const sim = await buildSimulator(
    loadSimConfig({
      LOG_LEVEL: 'silent',
      SIM_LATENCY_MS: '0',
      SIM_COMPLETION_MS: String(options.completionMs ?? 100),
      // Broadband line tests take seconds at a real carrier; here a fraction of one.
      BB_TEST_MS: String(options.testMs ?? 150),
    }),
  );
  const url = await sim.listen({ host: '127.0.0.1', port: 0 });
  return { ...carrierSimControl(url), url, close: () => sim.close() };
}

/**
 * The simulator for a whole test file, started before the app (call it before useTestApp or useDemoApp, whose env
 * then reads `url`); lines, requests and faults are reset after each test.
 */
export function useCarrierSimulator(options: { completionMs?: number; testMs?: number } = {}) {
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
