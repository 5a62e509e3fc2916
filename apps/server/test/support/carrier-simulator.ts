import { buildSimulator, loadSimConfig } from '@portal/carrier-sim';
import { carrierSimControl } from '@portal/carrier-sim/control';

export type CarrierSimulator = Awaited<ReturnType<typeof startCarrierSimulator>>;

/**
 * The real carrier simulator in this process on a free port, with no base latency, and its control API: faults,
 * a line's state at the carrier, and the change requests the carrier received.
 */
export async function startCarrierSimulator(options: { completionMs?: number } = {}) {
  const sim = await buildSimulator(
    loadSimConfig({
      LOG_LEVEL: 'silent',
      SIM_LATENCY_MS: '0',
      SIM_COMPLETION_MS: String(options.completionMs ?? 100),
    }),
  );
  const url = await sim.listen({ host: '127.0.0.1', port: 0 });
  return { url, ...carrierSimControl(url), close: () => sim.close() };
}
