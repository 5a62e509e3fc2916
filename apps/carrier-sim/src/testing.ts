import { buildSimulator, type Simulator } from './app.js';
import { loadSimConfig } from './config.js';

const COMPLETION_MS = 200;
/** Long enough for a change accepted now to have completed. */
export const COMPLETION_WAIT_MS = COMPLETION_MS + 200;

/** A simulator for route tests: no latency, changes complete after 200 ms (room to see them pending), today pinned. */
export async function testSimulator(now = new Date('2026-11-24T10:00:00Z')): Promise<Simulator> {
  const config = loadSimConfig({ LOG_LEVEL: 'silent', SIM_LATENCY_MS: '0', SIM_COMPLETION_MS: String(COMPLETION_MS) });
  return buildSimulator(config, { now: () => now });
}

export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
