import { buildSimulator, type Simulator } from './app.js';
import { loadSimConfig } from './config.js';

/** A simulator for route tests: no latency, changes complete after 50 ms, today pinned. */
export async function testSimulator(now = new Date('2026-11-24T10:00:00Z')): Promise<Simulator> {
  return buildSimulator(loadSimConfig({ LOG_LEVEL: 'silent', SIM_LATENCY_MS: '0', SIM_COMPLETION_MS: '50' }), {
    now: () => now,
  });
}

export const COMPLETION_WAIT_MS = 120;

export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
